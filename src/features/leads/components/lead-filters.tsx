import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PRIORITIES, type Priority } from '@/contract';
import { ExportLink } from '@/components/export-link';
import { ImportLink } from '@/components/import-link';
import { Input, Select } from '@/components/ui/field';
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
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);
  // Typing settles for a moment before it becomes a URL change (and a re-read of every column).
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === (search.q ?? '')) return;
    const timer = setTimeout(() => onChange({ q: trimmed || undefined, page: undefined }), 300);
    return () => clearTimeout(timer);
  }, [text, search.q, onChange]);

  return (
    // A phone: the search on a row of its own, then the two filters and the icon-only links on one
    // row. From a laptop up, everything sits on the header's one row.
    <div
      className="order-1 flex w-full flex-wrap items-center gap-2 lg:order-none lg:w-auto lg:flex-nowrap"
      role="search"
      aria-label="Filter leads"
    >
      <div className="relative w-full sm:w-56 2xl:w-64">
        <Search
          size={14}
          className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-subtle"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search leads"
          placeholder="Search name, email, company"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="pl-8"
        />
      </div>
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
        kind="leads"
        label="Export leads"
        filters={{ search: search.q, priority: search.priority, owner: search.owner }}
        compact
      />
      <ImportLink kind="leads" label="Import leads" compact />
    </div>
  );
}
