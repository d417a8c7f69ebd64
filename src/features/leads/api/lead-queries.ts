import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MAX_LIMIT, type Priority } from '@/contract';
import { callApi } from '@/lib/api-client';
import {
  FIRST_OFFSET_PARAM,
  nextOffsetParam,
  readWindow,
  type OffsetPage,
  type OffsetParam,
} from '../model/offset-reader';
import type { Lead } from '@/contract';
import { createPacer, type Pacer } from '@/lib/paced';

export interface LeadFilters {
  priority?: Priority | undefined;
  search?: string | undefined;
}

/** Only the filters the upstream applies; undefined members dropped so keys stay equal. */
export const upstreamFilters = (filters: LeadFilters): LeadFilters => ({
  ...(filters.priority ? { priority: filters.priority } : {}),
  ...(filters.search?.trim() ? { search: filters.search.trim() } : {}),
});

export const COLUMN_PAGE_SIZE = MAX_LIMIT;

export const leadKeys = {
  all: ['leads'] as const,
  columns: () => ['leads', 'column'] as const,
  column: (stageKey: string) => ['leads', 'column', stageKey] as const,
  count: () => ['leads', 'count'] as const,
  unmatched: () => ['leads', 'unmatched'] as const,
  lists: () => ['leads', 'list'] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
  activities: (id: string) => ['activities', 'lead', id] as const,
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

/** Scans of the whole list (the list view's owner filter) read window after window: one pace for all. */
const scanPacer = createPacer();

/**
 * One board column: every lead of a stage, read by offset in the background until complete (the
 * column's sums need every row; the API has no aggregate). A move marks columns stale rather than
 * re-reading them, so the staleTime keeps a focus change from re-reading a large board.
 */
export const columnQuery = (stageKey: string, filters: LeadFilters) =>
  infiniteQueryOptions({
    queryKey: [...leadKeys.column(stageKey), upstreamFilters(filters)] as const,
    queryFn: readLeads(filters, stageKey),
    initialPageParam: FIRST_OFFSET_PARAM,
    getNextPageParam: (lastPage: OffsetPage<Lead>, allPages: OffsetPage<Lead>[]) =>
      nextOffsetParam(lastPage, allPages),
    staleTime: 2 * 60_000,
  });

/** The count of every lead under the filters (one row read), to tell whether some match no stage. */
export const leadsCountQuery = (filters: LeadFilters) =>
  queryOptions({
    queryKey: [...leadKeys.count(), upstreamFilters(filters)] as const,
    queryFn: async ({ signal }) =>
      (await callApi('leads.list', { query: { ...upstreamFilters(filters), limit: 1 }, signal })).total,
    staleTime: 60_000,
  });

/** Every lead under the filters, read only when the counts say some match no stage. */
export const allLeadsQuery = (filters: LeadFilters) =>
  infiniteQueryOptions({
    queryKey: [...leadKeys.unmatched(), upstreamFilters(filters)] as const,
    queryFn: readLeads(filters, undefined),
    initialPageParam: FIRST_OFFSET_PARAM,
    getNextPageParam: (lastPage: OffsetPage<Lead>, allPages: OffsetPage<Lead>[]) =>
      nextOffsetParam(lastPage, allPages),
    staleTime: 2 * 60_000,
  });

export const LIST_PAGE_SIZE = 25;

/**
 * The list view's owner filter: every lead under the upstream's filters, window by window, read
 * only as far as the page shown needs (the component asks for each next window; see owner-scan.ts).
 */
export const leadsScanQuery = (filters: LeadFilters) =>
  infiniteQueryOptions({
    queryKey: [...leadKeys.lists(), 'scan', upstreamFilters(filters)] as const,
    queryFn: readLeads(filters, undefined, scanPacer),
    initialPageParam: FIRST_OFFSET_PARAM,
    getNextPageParam: (lastPage: OffsetPage<Lead>, allPages: OffsetPage<Lead>[]) =>
      nextOffsetParam(lastPage, allPages),
    staleTime: 60_000,
  });

/** The list view: page-numbered, as people page a table. */
export const leadsPageQuery = (page: number, filters: LeadFilters) =>
  queryOptions({
    queryKey: [...leadKeys.lists(), { page, ...upstreamFilters(filters) }] as const,
    queryFn: ({ signal }) =>
      callApi('leads.list', { query: { ...upstreamFilters(filters), page, limit: LIST_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const leadQuery = (id: string) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => callApi('leads.get', { params: { id }, signal }),
  });

/**
 * A lead's activities, newest first. The board's follow-up badge reads this per visible card: the
 * API has no follow-up filter, so a board costs one call per card rendered (virtualised: about a
 * dozen per column on screen), each cached for five minutes.
 */
export const leadActivitiesQuery = (leadId: string) =>
  queryOptions({
    queryKey: leadKeys.activities(leadId),
    queryFn: ({ signal }) => callApi('activities.byLead', { params: { leadId }, signal }),
    staleTime: 5 * 60_000,
  });

export const tagsQuery = () =>
  queryOptions({
    queryKey: ['tags'] as const,
    queryFn: async ({ signal }) => (await callApi('tags.list', { signal })).data,
    staleTime: 5 * 60_000,
  });
