import { useQuery } from '@tanstack/react-query';
import type { LeadStage } from '@/contract';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { calendarDate, count, money } from '@/lib/format';
import { leadsPageQuery, type LeadFilters } from '../api/lead-queries';
import { matchesOwner, type LeadsSearch } from '../model/leads-search';
import { PriorityBadge } from './priority-badge';
import { UserText } from '@/components/ui/user-text';

interface LeadListViewProps {
  filters: LeadFilters;
  owner: LeadsSearch['owner'];
  page: number;
  onPage: (page: number) => void;
  stages: readonly LeadStage[];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

/** The same leads as a table, paged by number. The owner filter applies to the page shown. */
export function LeadListView({
  filters,
  owner,
  page,
  onPage,
  stages,
  ownerNames,
  onOpen,
}: LeadListViewProps) {
  const query = useQuery(leadsPageQuery(page, filters));
  if (query.isPending) return <LoadingState label="Loading leads…" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { data, total, totalPages } = query.data;
  const rows = data.filter((l) => matchesOwner(l.assigned_to_user_id, owner));
  const stageName = new Map(stages.map((s) => [s.key, s.name]));
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 overflow-auto px-4">
        {rows.length === 0 ? (
          <EmptyState title="No leads match these filters" />
        ) : (
          <table className="w-full border-separate border-spacing-0 text-left text-[13px]">
            <caption className="sr-only">
              Leads, page {page} of {Math.max(1, totalPages)}
            </caption>
            <thead className="sticky top-0 bg-bg text-xs text-muted">
              <tr>
                {['Name', 'Company', 'Stage', 'Priority', 'Value', 'Owner', 'Expected close'].map((h) => (
                  <th
                    key={h}
                    scope="col"
                    className={`border-b border-border px-2 py-2 font-medium ${h === 'Value' ? 'text-right' : ''}`}
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((lead) => (
                <tr key={lead.id} className="hover:bg-surface">
                  <td className="border-b border-border px-2 py-1.5">
                    <button
                      type="button"
                      className="min-h-8 text-left font-medium hover:underline"
                      onClick={() => onOpen(lead.id)}
                    >
                      <UserText>{lead.name}</UserText>
                    </button>
                  </td>
                  <td className="border-b border-border px-2 py-1.5 text-muted">
                    <UserText>{lead.company_name}</UserText>
                  </td>
                  <td className="border-b border-border px-2 py-1.5">
                    {stageName.get(lead.status) ?? (
                      <span className="text-warning">Unmatched ({lead.status})</span>
                    )}
                  </td>
                  <td className="border-b border-border px-2 py-1.5">
                    <PriorityBadge priority={lead.priority} />
                  </td>
                  <td className="border-b border-border px-2 py-1.5 text-right tabular-nums">
                    {money(lead.value, lead.currency)}
                  </td>
                  <td className="border-b border-border px-2 py-1.5 text-muted">
                    {lead.assigned_to_user_id
                      ? (ownerNames.get(lead.assigned_to_user_id) ?? 'Unknown')
                      : 'Unassigned'}
                  </td>
                  <td className="border-b border-border px-2 py-1.5 text-muted">
                    {calendarDate(lead.expected_close_date)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <nav
        aria-label="Pages"
        className="flex items-center gap-2 border-t border-border px-4 py-2 text-[13px] text-muted"
      >
        <span className="tabular-nums">
          {count(total)} leads · page {page} of {Math.max(1, totalPages)}
        </span>
        <Button size="sm" className="ml-auto" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </nav>
    </div>
  );
}
