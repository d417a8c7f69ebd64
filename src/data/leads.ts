import { screenRetry } from './screen-loading';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Lead, LeadList } from '@/contract';
import { call } from '@/lib/api-client';
import { removeBoardLead, upsertBoardLead } from './board';
import { boardFilters, upstreamFilters, type BoardFilters, type LeadFilters } from './lead-filters';

export { boardFilters, upstreamFilters, type BoardFilters, type LeadFilters };

export const LIST_PAGE_SIZE = 25;

/** A page of the lead list as people page a table (also a short "possibly related" search). */
export interface LeadPageFilters extends LeadFilters {
  page: number;
  limit: number;
}

/** A page of the list screen: the BFF's, with the owner filter. */
export interface LeadScreenFilters extends BoardFilters {
  page: number;
  limit: number;
}

/** A count of leads; `status` narrows it to one stage key. */
export interface LeadCountFilters extends LeadFilters {
  status?: string | undefined;
}

/**
 * Keys of the writes to one lead (TanStack's mutation keys): the live stream's echo of a change
 * this tab is still making is recognised by them (live-events.ts), so its answer decides.
 */
export const leadMutationKeys = {
  update: (id: string) => ['leads', 'update', id] as const,
  reassign: (id: string) => ['leads', 'reassign', id] as const,
};

export const leadKeys = {
  all: ['leads'] as const,
  counts: () => ['leads', 'count'] as const,
  count: (filters: LeadCountFilters) =>
    [
      'leads',
      'count',
      { ...upstreamFilters(filters), ...(filters.status ? { status: filters.status } : {}) },
    ] as const,
  /** Numbered pages (`LeadList`): the upstream's, and the list screen's below them. */
  pages: () => ['leads', 'page'] as const,
  page: (filters: LeadPageFilters) =>
    ['leads', 'page', { ...upstreamFilters(filters), page: filters.page, limit: filters.limit }] as const,
  screenPage: (filters: LeadScreenFilters) =>
    [
      'leads',
      'page',
      'screen',
      { ...boardFilters(filters), page: filters.page, limit: filters.limit },
    ] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
};

/** How many leads hold a stage key (one row read): what a stage change would move or orphan. */
export const leadsCountQuery = (filters: LeadCountFilters) =>
  queryOptions({
    queryKey: leadKeys.count(filters),
    queryFn: async ({ signal }) =>
      (
        await call('leads.list', {
          query: {
            ...upstreamFilters(filters),
            ...(filters.status ? { status: filters.status } : {}),
            limit: 1,
          },
          signal,
        })
      ).total,
    staleTime: 30_000,
  });

/** A numbered page of the upstream's lead list (a short "possibly related" search). */
export const leadsPageQuery = (filters: LeadPageFilters) =>
  queryOptions({
    queryKey: leadKeys.page(filters),
    queryFn: ({ signal }) =>
      call('leads.list', {
        query: { ...upstreamFilters(filters), page: filters.page, limit: filters.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The list screen's page from the BFF: a true total under every filter, the owner included. */
export const leadScreenPageQuery = (filters: LeadScreenFilters) =>
  queryOptions({
    queryKey: leadKeys.screenPage(filters),
    queryFn: ({ signal }) =>
      call('screens.leads', {
        query: { ...boardFilters(filters), page: filters.page, limit: filters.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
    ...screenRetry,
  });

export const leadQuery = (id: string) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => call('leads.get', { params: { id }, signal }),
  });

/**
 * The server's (or an optimistic) version of a lead, wherever it shows: its detail, every board
 * held (it moves to its stage's column, counts and sums kept), and the numbered pages that hold it.
 * The counts of leads per stage are read again.
 */
export function upsertLead(queryClient: QueryClient, lead: Lead) {
  queryClient.setQueryData<Lead>(leadKeys.detail(lead.id), lead);
  upsertBoardLead(queryClient, lead);
  queryClient.setQueriesData<LeadList>({ queryKey: leadKeys.pages() }, (page) =>
    page?.data.some((l) => l.id === lead.id)
      ? { ...page, data: page.data.map((l) => (l.id === lead.id ? lead : l)) }
      : page,
  );
  refreshLeadCounts(queryClient);
}

/** How often at most the lead counts are read again while leads keep changing. */
export const COUNTS_REFRESH_MS = 1_000;
const countRefreshes = new WeakMap<QueryClient, { again: boolean }>();

/**
 * The lead counts (a stage's "holds N leads", a filter's total) are read again after a change,
 * at once and then at most once a second while changes keep coming: a bulk move of a hundred
 * leads brings a hundred events, and reading every count for each one filled the session's rate
 * limit and starved the move itself.
 */
export function refreshLeadCounts(queryClient: QueryClient): void {
  const window = countRefreshes.get(queryClient);
  if (window) {
    window.again = true;
    return;
  }
  void queryClient.invalidateQueries({ queryKey: leadKeys.counts() }, { cancelRefetch: false });
  const open = { again: false };
  countRefreshes.set(queryClient, open);
  setTimeout(() => {
    countRefreshes.delete(queryClient);
    if (open.again) refreshLeadCounts(queryClient);
  }, COUNTS_REFRESH_MS);
}

/** A deleted lead leaves every board and page (counts by one) and the counts are read again. */
export function removeLead(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: leadKeys.detail(id), exact: true });
  removeBoardLead(queryClient, id);
  queryClient.setQueriesData<LeadList>({ queryKey: leadKeys.pages() }, (page) =>
    page?.data.some((l) => l.id === id)
      ? { ...page, data: page.data.filter((l) => l.id !== id), total: Math.max(0, page.total - 1) }
      : page,
  );
  refreshLeadCounts(queryClient);
}
