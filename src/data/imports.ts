import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ImportCreateBody, ImportJob } from '@/contract/imports';
import { call } from '@/lib/api-client';

// CSV imports (the BFF's own jobs: src/server/imports). A job is made from the mapped rows, then
// started; while it runs its screen asks for it every second (the BFF only, never the upstream).

export const importKeys = {
  all: ['imports'] as const,
  list: () => ['imports', 'list'] as const,
  job: (id: string) => ['imports', 'job', id] as const,
  refused: (id: string) => ['imports', 'job', id, 'refused'] as const,
};

const POLL_MS = 1_000;

export const importsQuery = () =>
  queryOptions({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => call('imports.list', { signal }),
    staleTime: 5_000,
    // While a job runs, its row in Earlier imports moves with it (the job's own screen asks every
    // second too); once every job has stopped, nothing is asked.
    refetchInterval: (query) => (query.state.data?.data.some((j) => j.state === 'running') ? POLL_MS : false),
    refetchIntervalInBackground: false,
  });

export const importJobQuery = (id: string) =>
  queryOptions({
    queryKey: importKeys.job(id),
    queryFn: ({ signal }) => call('imports.get', { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? POLL_MS : false),
    refetchIntervalInBackground: false,
  });

/** A job's first refused rows and why: read again whenever the job's refused count changes. */
export const refusedRowsQuery = (id: string, refused: number) =>
  queryOptions({
    queryKey: [...importKeys.refused(id), refused] as const,
    queryFn: ({ signal }) => call('imports.refused', { params: { id }, signal }),
    staleTime: Infinity,
  });

/** A job's new state into its cache and the list. */
function keep(queryClient: QueryClient, job: ImportJob): ImportJob {
  queryClient.setQueryData(importKeys.job(job.id), job);
  void queryClient.invalidateQueries({ queryKey: importKeys.list() });
  return job;
}

export async function createImport(queryClient: QueryClient, body: ImportCreateBody): Promise<ImportJob> {
  return keep(queryClient, await call('imports.create', { body }));
}

export type ImportAction = 'start' | 'pause' | 'cancel';

export async function actOnImport(
  queryClient: QueryClient,
  id: string,
  action: ImportAction,
): Promise<ImportJob> {
  return keep(queryClient, await call(`imports.${action}`, { params: { id } }));
}
