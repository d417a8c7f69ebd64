import { useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { Lead, LeadStage } from '@/contract';
import { QueryBoundary } from '@/components/query-boundary';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { count } from '@/lib/format';
import { LIST_PAGE_SIZE, leadScreenPageQuery, type BoardFilters } from '@/data/leads';
import { LeadTable } from './lead-table';

interface LeadListViewProps {
  /** Priority, search and owner, applied by the BFF with a true total. */
  filters: BoardFilters;
  page: number;
  onPage: (page: number) => void;
  stages: readonly LeadStage[];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
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
function PagedList({ filters, page: asked, onPage, stages, ownerNames, onOpen }: LeadListViewProps) {
  const page = useDeferredValue(asked);
  const shownFilters = useDeferredValue(filters);
  const { data: list } = useSuspenseQuery(
    leadScreenPageQuery({ ...shownFilters, page, limit: LIST_PAGE_SIZE }),
  );
  const { data, total, totalPages } = list;
  const pages = `page ${String(page)} of ${String(Math.max(1, totalPages))}`;
  return (
    <ListFrame
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
      <div
        aria-busy={stale}
        className={`min-h-0 flex-1 overflow-auto px-4 transition-opacity ${stale ? 'opacity-60' : ''}`}
      >
        {rows.length === 0 ? (
          <EmptyState title="No leads match these filters" />
        ) : (
          <LeadTable rows={rows} caption={caption} stages={stages} ownerNames={ownerNames} onOpen={onOpen} />
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
