import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { JobSummary, JobsQuery } from '@/contract';
import { call } from '@/lib/api-client';

// The job queue as admins see it (`jobs.list`, Settings → Background jobs). A job changes state on
// its own (it runs, it fails), so the page re-reads while it is open rather than trusting a cache.

export const jobKeys = {
  all: ['jobs'] as const,
  list: (filters: JobsQuery) => ['jobs', 'list', filters] as const,
};

/** How often an open jobs page re-reads: jobs due now start within a couple of seconds. */
export const JOBS_REFRESH_MS = 5_000;

export const jobsQuery = (filters: JobsQuery) =>
  queryOptions({
    queryKey: jobKeys.list(filters),
    queryFn: ({ signal }) => call('jobs.list', { query: filters, signal }),
    staleTime: 0,
    refetchInterval: JOBS_REFRESH_MS,
  });

/** A job as a cancel or a re-run answered it, written into every list that shows it. */
export function upsertJob(queryClient: QueryClient, job: JobSummary): void {
  queryClient.setQueriesData<{ data: JobSummary[] }>({ queryKey: jobKeys.all }, (list) =>
    list ? { ...list, data: list.data.map((j) => (j.id === job.id ? job : j)) } : list,
  );
}
