import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { Lead, LeadStage } from '@/contract';
import { QueryBoundary } from '@/components/query-boundary';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { count } from '@/lib/format';
import { LIST_PAGE_SIZE, leadScreenPageQuery, type BoardFilters } from '@/data/leads';
import { useBulkSelection } from '@/lib/use-bulk-selection';
import { LeadBulkAbove } from './lead-bulk-above';
import { LeadTable, type LeadTablePicking } from './lead-table';

interface LeadListViewProps {
  /** Priority, search and owner, applied by the BFF with a true total. */
  filters: BoardFilters;
  page: number;
  onPage: (page: number) => void;
  stages: readonly LeadStage[];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
  /** Bulk actions on leads (managers and admins, `bulk.leads`): boxes, the bar and the runs' status. */
  bulk: boolean;
  /** Who leads may be reassigned to. */
  members: readonly { id: string; name: string }[];
}

/** The same leads as a table, paged by number: one BFF read per page, whatever the filters. */
export function LeadListView(props: LeadListViewProps) {
  return (
    <QueryBoundary title="Leads could not be loaded" pending={<LoadingState label="Loading leads…" />}>
      <PagedList {...props} />
    </QueryBoundary>
  );
}

/** The page shown stays (dimmed) while the next one loads, instead of a spinner. */
function PagedList({
  filters,
  page: asked,
  onPage,
  stages,
  ownerNames,
  onOpen,
  bulk,
  members,
}: LeadListViewProps) {
  const page = useDeferredValue(asked);
  const shownFilters = useDeferredValue(filters);
  const { data: list } = useSuspenseQuery(
    leadScreenPageQuery({ ...shownFilters, page, limit: LIST_PAGE_SIZE }),
  );
  const { data, total, totalPages } = list;
  const pages = `page ${String(page)} of ${String(Math.max(1, totalPages))}`;
  const order = useMemo(() => data.map((lead) => lead.id), [data]);
  // A pick is of the page shown (or of every lead under the filter): another page starts afresh.
  const picking = useBulkSelection(order, JSON.stringify([shownFilters, page]), 'leadRow');
  const tablePicking: LeadTablePicking | undefined = bulk
    ? { selected: picking.selection.ids, onToggle: picking.onToggle, onPage: picking.setShownRows }
    : undefined;
  const above = bulk ? (
    <LeadBulkAbove picking={picking} total={total} filters={shownFilters} stages={stages} members={members} />
  ) : null;
  return (
    <ListFrame
      above={above}
      picking={tablePicking}
      onKeyDown={bulk ? picking.onKeyDown : undefined}
      rows={data}
      caption={`Leads, ${pages}`}
      stages={stages}
      ownerNames={ownerNames}
      onOpen={onOpen}
      summary={`${count(total)} ${total === 1 ? 'lead' : 'leads'} · ${pages}`}
      page={page}
      onPage={onPage}
      hasNext={page < totalPages}
      stale={asked !== page || filters !== shownFilters}
    />
  );
}

interface ListFrameProps {
  /** The bulk runs' status and the bar of picked leads, over the table. */
  above: React.ReactNode;
  picking: LeadTablePicking | undefined;
  onKeyDown: ((event: React.KeyboardEvent) => void) | undefined;
  rows: Lead[];
  caption: string;
  stages: readonly LeadStage[];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
  summary: string;
  page: number;
  onPage: (page: number) => void;
  hasNext: boolean;
  /** Another page is on its way: these rows are the last ones shown. */
  stale: boolean;
}

function ListFrame({
  above,
  picking,
  onKeyDown,
  rows,
  caption,
  stages,
  ownerNames,
  onOpen,
  summary,
  page,
  onPage,
  hasNext,
  stale,
}: ListFrameProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {above}
      <div
        aria-busy={stale}
        onKeyDown={onKeyDown}
        className={`min-h-0 flex-1 overflow-auto px-4 transition-opacity ${stale ? 'opacity-60' : ''}`}
      >
        {rows.length === 0 ? (
          <EmptyState title="No leads match these filters" />
        ) : (
          <LeadTable
            rows={rows}
            caption={caption}
            stages={stages}
            ownerNames={ownerNames}
            onOpen={onOpen}
            {...(picking ? { picking } : {})}
          />
        )}
      </div>
      <nav
        aria-label="Pages"
        className="flex flex-wrap items-center gap-2 border-t border-border px-4 py-2 text-[13px] text-muted"
      >
        <span className="tabular-nums" role="status">
          {summary}
        </span>
        <Button size="sm" className="ml-auto" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </nav>
    </div>
  );
}
