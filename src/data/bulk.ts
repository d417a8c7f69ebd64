import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { BULK_FINAL_STATES, type BulkRun, type ConversationBulkBody, type LeadBulkBody } from '@/contract';
import { call } from '@/lib/api-client';
import { conversationKeys } from './conversations';
import { leadKeys } from './leads';

// Bulk actions (the BFF's own runs: src/server/bulk). A run is started, then followed by the live
// stream's `bulk.progress` events; while one is unfinished its read is asked again every few seconds
// too, so a tab whose stream is down still sees it end. The list of my runs is how a run is found
// again after leaving the screen (nothing is kept in the tab).

export const bulkKeys = {
  all: ['bulk'] as const,
  list: () => ['bulk', 'list'] as const,
  run: (id: string) => ['bulk', 'run', id] as const,
  report: (id: string) => ['bulk', 'run', id, 'report'] as const,
};

const POLL_MS = 3_000;

export const isFinished = (run: BulkRun): boolean => BULK_FINAL_STATES.includes(run.state);

export const bulkRunsQuery = () =>
  queryOptions({
    queryKey: bulkKeys.list(),
    queryFn: ({ signal }) => call('bulk.list', { signal }),
    staleTime: 10_000,
  });

export const bulkRunQuery = (id: string) =>
  queryOptions({
    queryKey: bulkKeys.run(id),
    queryFn: ({ signal }) => call('bulk.get', { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data && !isFinished(query.state.data) ? POLL_MS : false),
    refetchIntervalInBackground: false,
  });

/** The refused records and why, read once the run has ended (or again when its refused count moves). */
export const bulkReportQuery = (id: string, refused: number) =>
  queryOptions({
    queryKey: [...bulkKeys.report(id), refused] as const,
    queryFn: ({ signal }) => call('bulk.report', { params: { id }, signal }),
    staleTime: Infinity,
  });

/** A run's new state into its cache and into the list of my runs (the only writer of both). */
export function setBulkRun(queryClient: QueryClient, run: BulkRun): void {
  const held = queryClient.getQueryData<BulkRun>(bulkKeys.run(run.id));
  // Events may pass each other: an older state never replaces a newer one.
  if (held && Date.parse(held.updatedAt) > Date.parse(run.updatedAt)) return;
  queryClient.setQueryData(bulkKeys.run(run.id), run);
  queryClient.setQueryData<{ data: BulkRun[] }>(bulkKeys.list(), (list) =>
    list
      ? {
          data: list.data.some((r) => r.id === run.id)
            ? list.data.map((r) => (r.id === run.id ? run : r))
            : [run, ...list.data],
        }
      : list,
  );
}

/**
 * Once a run has ended, the lists it acted on are read again: the live stream brings each record's
 * change as it is made, but a tab whose stream was down meanwhile would go on showing them as they were.
 */
export function refreshAfterRun(queryClient: QueryClient, run: BulkRun): Promise<void> {
  const queryKey = run.target === 'conversations' ? conversationKeys.lists() : leadKeys.all;
  return queryClient.invalidateQueries({ queryKey });
}

export async function startConversationBulk(
  queryClient: QueryClient,
  body: ConversationBulkBody,
): Promise<BulkRun> {
  const run = await call('bulk.conversations', { body });
  setBulkRun(queryClient, run);
  return run;
}

export async function startLeadBulk(queryClient: QueryClient, body: LeadBulkBody): Promise<BulkRun> {
  const run = await call('bulk.leads', { body });
  setBulkRun(queryClient, run);
  return run;
}

export async function actOnBulkRun(
  queryClient: QueryClient,
  id: string,
  step: 'cancel' | 'resume',
): Promise<BulkRun> {
  const run = await call(step === 'cancel' ? 'bulk.cancel' : 'bulk.resume', { params: { id } });
  setBulkRun(queryClient, run);
  return run;
}
