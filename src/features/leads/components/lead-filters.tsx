import { useCallback } from 'react';
import { PRIORITIES, type Priority } from '@/contract';
import { ExportLink } from '@/components/export-link';
import { ImportLink } from '@/components/import-link';
import { bffUrl } from '@/lib/api-client';
import { Select } from '@/components/ui/field';
import { SearchBox } from '@/components/ui/search-box';
import type { LeadsSearch } from '../model/leads-search';
import { PRIORITY_LABEL } from './priority-badge';

interface LeadFiltersProps {
  search: LeadsSearch;
  onChange: (patch: Partial<LeadsSearch>) => void;
  members: readonly { id: string; name: string }[];
}

/**
 * Priority and search go to the upstream; the owner filter, which the API lacks, is applied here:
 * the board reads each column to its end (counts say "so far" until then), the list scans until its
 * page is full and says how many leads it scanned.
 */
export function LeadFiltersBar({ search, onChange, members }: LeadFiltersProps) {
  // Typing settles for a moment before it becomes a URL change (and a re-read of every column).
  const onSearch = useCallback((q: string) => onChange({ q: q || undefined, page: undefined }), [onChange]);

  return (
    // A phone: the search on a row of its own, then the two filters and the icon-only links on one
    // row. From a laptop up, everything sits on the header's one row.
    <div
      className="order-1 flex w-full flex-wrap items-center gap-2 lg:order-none lg:w-auto lg:flex-nowrap"
      role="search"
      aria-label="Filter leads"
    >
      <SearchBox
        value={search.q ?? ''}
        onSearch={onSearch}
        label="Search leads"
        placeholder="Search name, email, company"
        className="w-full sm:w-56 2xl:w-64"
      />
      <div className="min-w-0 flex-1 sm:w-36 sm:flex-none">
        <Select
          aria-label="Priority"
          value={search.priority ?? ''}
          onChange={(e) =>
            onChange({ priority: (e.target.value || undefined) as Priority | undefined, page: undefined })
          }
        >
          <option value="">Any priority</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABEL[p]}
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
        <Select
          aria-label="Owner"
          value={search.owner ?? ''}
          onChange={(e) =>
            onChange({ owner: (e.target.value || undefined) as LeadsSearch['owner'], page: undefined })
          }
        >
          <option value="">Any owner</option>
          <option value="none">Unassigned</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      </div>
      <ExportLink
        label="Export leads"
        href={bffUrl('exports.leads', {
          query: { search: search.q, priority: search.priority, owner: search.owner },
        })}
        compact
      />
      <ImportLink kind="leads" label="Import leads" compact />
    </div>
  );
}
