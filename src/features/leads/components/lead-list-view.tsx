import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import type { Lead, LeadStage } from '@/contract';
import { QueryBoundary } from '@/components/query-boundary';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/ui/states';
import { count } from '@/lib/format';
import { LIST_PAGE_SIZE, everyLeadQuery, leadsPageQuery, type LeadFilters } from '@/data/leads';
import type { LeadsSearch } from '../model/leads-search';
import { latestTotal, mergePages } from '@/data/lead-windows';
import { ownerScanSummary, ownerScanView } from '../model/owner-scan';
import { LeadTable } from './lead-table';

interface LeadListViewProps {
  filters: LeadFilters;
  owner: LeadsSearch['owner'];
  page: number;
  onPage: (page: number) => void;
  stages: readonly LeadStage[];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

/**
 * The same leads as a table, paged by number. Priority and search are the upstream's; the owner
 * filter, which the API lacks, scans the list until the page is full and counts honestly.
 */
export function LeadListView(props: LeadListViewProps) {
  if (props.owner) return <OwnerFilteredList {...props} owner={props.owner} />;
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
  const { data: list } = useSuspenseQuery(leadsPageQuery({ ...shownFilters, page, limit: LIST_PAGE_SIZE }));
  const { data, total, totalPages } = list;
  return (
    <ListFrame
      rows={data}
      caption={`Leads, page ${String(page)} of ${String(Math.max(1, totalPages))}`}
      stages={stages}
      ownerNames={ownerNames}
      onOpen={onOpen}
      summary={`${count(total)} leads · page ${String(page)} of ${String(Math.max(1, totalPages))}`}
      page={page}
      onPage={onPage}
      hasNext={page < totalPages}
      stale={asked !== page || filters !== shownFilters}
    />
  );
}

function OwnerFilteredList({
  filters,
  owner,
  page,
  onPage,
  stages,
  ownerNames,
  onOpen,
}: LeadListViewProps & { owner: NonNullable<LeadsSearch['owner']> }) {
  const query = useInfiniteQuery(everyLeadQuery(filters));
  const { data, hasNextPage, isFetching, isError, fetchNextPage } = query;
  const pages = data?.pages ?? [];
  const view = ownerScanView(
    mergePages(pages),
    latestTotal(pages),
    !hasNextPage,
    owner,
    page,
    LIST_PAGE_SIZE,
  );
  const { needMore } = view;
  // Read on, window by window (paced), until this page is full or the list has been read to its end.
  useEffect(() => {
    if (data && needMore && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [data, needMore, hasNextPage, isFetching, isError, fetchNextPage]);

  if (query.isPending) return <LoadingState label="Loading leads…" />;
  if (query.isError && pages.length === 0)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const scanning = needMore && !isError;
  const pageWords =
    view.totalPages === null ? `page ${String(page)}` : `page ${String(page)} of ${String(view.totalPages)}`;
  return (
    <ListFrame
      rows={view.rows}
      caption={`Leads of the chosen owner, ${pageWords}`}
      stages={stages}
      ownerNames={ownerNames}
      onOpen={onOpen}
      summary={`${ownerScanSummary(view, count)} · ${pageWords}`}
      page={page}
      onPage={onPage}
      hasNext={view.hasNext}
      pending={scanning && view.rows.length < LIST_PAGE_SIZE}
      note={
        isError ? (
          <span role="alert" className="flex items-center gap-2 text-danger">
            Not every lead could be read: {errorText(query.error)}
            <Button size="sm" variant="ghost" onClick={() => void fetchNextPage()}>
              Try again
            </Button>
          </span>
        ) : scanning ? (
          <span>Reading more leads to fill this page…</span>
        ) : null
      }
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
  /** More rows for this page are still being read. */
  pending?: boolean;
  /** Another page is on its way: these rows are the last ones shown. */
  stale?: boolean;
  note?: ReactNode;
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
  pending = false,
  stale = false,
  note,
}: ListFrameProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        aria-busy={stale}
        className={`min-h-0 flex-1 overflow-auto px-4 transition-opacity ${stale ? 'opacity-60' : ''}`}
      >
        {rows.length === 0 && !pending ? (
          <EmptyState title="No leads match these filters" />
        ) : rows.length === 0 ? (
          <LoadingState label="Reading leads…" />
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
        {note ? <span className="text-xs">{note}</span> : null}
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
