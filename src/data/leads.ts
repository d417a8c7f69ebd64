import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { MAX_LIMIT, PRIORITIES, type Lead, type LeadList, type Priority } from '@/contract';
import { callApi } from '@/lib/api-client';
import { createPacer, type Pacer } from '@/lib/paced';
import {
  insertIntoColumn,
  matchesFilters,
  removeFromColumn,
  upstreamFilters,
  type ColumnData,
  type LeadFilters,
} from './lead-columns';
import {
  FIRST_OFFSET_PARAM,
  nextOffsetParam,
  readWindow,
  type OffsetPage,
  type OffsetParam,
} from './lead-windows';

export { upstreamFilters, type ColumnData, type LeadFilters };

export const COLUMN_PAGE_SIZE = MAX_LIMIT;
export const LIST_PAGE_SIZE = 25;

/** A page of the lead list as people page a table (also a short "possibly related" search). */
export interface LeadPageFilters extends LeadFilters {
  page: number;
  limit: number;
}

/** A count of leads; `status` narrows it to one stage key. */
export interface LeadCountFilters extends LeadFilters {
  status?: string | undefined;
}

export const leadKeys = {
  all: ['leads'] as const,
  /** One stage's column, read to its end by offset: `ColumnData`. */
  columns: () => ['leads', 'column'] as const,
  column: (stageKey: string) => ['leads', 'column', stageKey] as const,
  columnOf: (stageKey: string, filters: LeadFilters) =>
    ['leads', 'column', stageKey, upstreamFilters(filters)] as const,
  /** Every lead under the filters, read window by window: `ColumnData`. */
  everies: () => ['leads', 'every'] as const,
  every: (filters: LeadFilters) => ['leads', 'every', upstreamFilters(filters)] as const,
  counts: () => ['leads', 'count'] as const,
  count: (filters: LeadCountFilters) =>
    [
      'leads',
      'count',
      { ...upstreamFilters(filters), ...(filters.status ? { status: filters.status } : {}) },
    ] as const,
  /** Numbered pages: `LeadList`. */
  pages: () => ['leads', 'page'] as const,
  page: (filters: LeadPageFilters) =>
    ['leads', 'page', { ...upstreamFilters(filters), page: filters.page, limit: filters.limit }] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
};

function readLeads(filters: LeadFilters, status: string | undefined, pacer?: Pacer) {
  return ({ pageParam, signal }: { pageParam: OffsetParam; signal: AbortSignal }) =>
    readWindow<Lead>(
      (offset) => {
        const read = () =>
          callApi('leads.list', {
            query: {
              ...upstreamFilters(filters),
              ...(status ? { status } : {}),
              offset,
              limit: COLUMN_PAGE_SIZE,
            },
            signal,
          });
        return pacer ? pacer.run(read, signal) : read();
      },
      pageParam,
      COLUMN_PAGE_SIZE,
    );
}

const nextWindow = (lastPage: OffsetPage<Lead>, allPages: OffsetPage<Lead>[]) =>
  nextOffsetParam(lastPage, allPages);

/**
 * One board column: every lead of a stage, read by offset in the background until complete (the
 * column's sums need every row; the API has no aggregate). A move marks columns stale rather than
 * re-reading them, so the staleTime keeps a focus change from re-reading a large board.
 */
export const columnQuery = (stageKey: string, filters: LeadFilters) =>
  infiniteQueryOptions({
    queryKey: leadKeys.columnOf(stageKey, filters),
    queryFn: readLeads(filters, stageKey),
    initialPageParam: FIRST_OFFSET_PARAM,
    getNextPageParam: nextWindow,
    staleTime: 2 * 60_000,
  });

/** Reads of the whole list (Unmatched, the list view's owner filter) are bulk jobs: one pace for all. */
const everyLeadPacer = createPacer();

/**
 * Every lead under the filters, window by window, read only as far as a screen asks: the board's
 * Unmatched column (mounted only when the counts say some match no stage) and the list view's owner
 * filter, which the API lacks.
 */
export const everyLeadQuery = (filters: LeadFilters) =>
  infiniteQueryOptions({
    queryKey: leadKeys.every(filters),
    queryFn: readLeads(filters, undefined, everyLeadPacer),
    initialPageParam: FIRST_OFFSET_PARAM,
    getNextPageParam: nextWindow,
    staleTime: 60_000,
  });

/** How many leads match (one row read): to tell whether some match no stage, or what a stage holds. */
export const leadsCountQuery = (filters: LeadCountFilters) =>
  queryOptions({
    queryKey: leadKeys.count(filters),
    queryFn: async ({ signal }) =>
      (
        await callApi('leads.list', {
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

/** A numbered page of leads; the page shown stays while the next one loads. */
export const leadsPageQuery = (filters: LeadPageFilters) =>
  queryOptions({
    queryKey: leadKeys.page(filters),
    queryFn: ({ signal }) =>
      callApi('leads.list', {
        query: { ...upstreamFilters(filters), page: filters.page, limit: filters.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const leadQuery = (id: string) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => callApi('leads.get', { params: { id }, signal }),
  });

const isPriority = (value: unknown): value is Priority => PRIORITIES.some((p) => p === value);

/** The filters a column or every-lead key was made with (see leadKeys). */
function filtersInKey(key: QueryKey): LeadFilters {
  const last = key[key.length - 1];
  if (typeof last !== 'object' || last === null) return {};
  const priority = 'priority' in last ? last.priority : undefined;
  const search = 'search' in last ? last.search : undefined;
  return {
    ...(isPriority(priority) ? { priority } : {}),
    ...(typeof search === 'string' ? { search } : {}),
  };
}

const stageInKey = (key: QueryKey): unknown => key[2];

/**
 * The server's (or an optimistic) version of a lead, wherever it shows: its detail, the column of
 * its stage (it leaves any other column, each count moving by one), the every-lead readings and the
 * numbered pages that hold it. The counts of all leads are read again.
 */
export function upsertLead(queryClient: QueryClient, lead: Lead) {
  queryClient.setQueryData<Lead>(leadKeys.detail(lead.id), lead);
  for (const [key, data] of queryClient.getQueriesData<ColumnData>({ queryKey: leadKeys.columns() })) {
    if (!data) continue;
    const belongs = stageInKey(key) === lead.status && matchesFilters(lead, filtersInKey(key));
    queryClient.setQueryData<ColumnData>(
      key,
      belongs ? insertIntoColumn(data, lead) : removeFromColumn(data, lead.id),
    );
  }
  for (const [key, data] of queryClient.getQueriesData<ColumnData>({ queryKey: leadKeys.everies() })) {
    if (!data) continue;
    const belongs = matchesFilters(lead, filtersInKey(key));
    queryClient.setQueryData<ColumnData>(
      key,
      belongs ? insertIntoColumn(data, lead) : removeFromColumn(data, lead.id),
    );
  }
  queryClient.setQueriesData<LeadList>({ queryKey: leadKeys.pages() }, (page) =>
    page?.data.some((l) => l.id === lead.id)
      ? { ...page, data: page.data.map((l) => (l.id === lead.id ? lead : l)) }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: leadKeys.counts() });
}

/** A deleted lead leaves every reading (counts by one) and the counts are read again. */
export function removeLead(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: leadKeys.detail(id), exact: true });
  for (const queryKey of [leadKeys.columns(), leadKeys.everies()]) {
    queryClient.setQueriesData<ColumnData>({ queryKey }, (data) =>
      data ? removeFromColumn(data, id) : data,
    );
  }
  queryClient.setQueriesData<LeadList>({ queryKey: leadKeys.pages() }, (page) =>
    page?.data.some((l) => l.id === id)
      ? { ...page, data: page.data.filter((l) => l.id !== id), total: Math.max(0, page.total - 1) }
      : page,
  );
  void queryClient.invalidateQueries({ queryKey: leadKeys.counts() });
}
