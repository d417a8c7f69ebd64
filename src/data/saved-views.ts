import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SavedView } from '@/contract';
import { call } from '@/lib/api-client';

// The inbox's saved views (the BFF's own: src/server/labels), mine and the team's, each with its
// count for me: one read for all. Counts follow the threads, so the read is made again after live
// changes, at most once per VIEW_COUNT_PACE_MS however busy the stream (never per message), and
// at once when a view itself changes (`views.changed`).

export const viewKeys = {
  all: ['views'] as const,
  list: () => ['views', 'list'] as const,
};

export const VIEW_COUNT_PACE_MS = 10_000;

export const viewsQuery = () =>
  queryOptions({
    queryKey: viewKeys.list(),
    queryFn: async ({ signal }): Promise<SavedView[]> => (await call('views.list', { signal })).views,
    staleTime: VIEW_COUNT_PACE_MS,
    retry: false,
  });

export function refreshViews(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: viewKeys.list() });
}

const paced = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/** Threads changed: the counts are read again once the pace allows (one timer per client). */
export function onThreadsChanged(queryClient: QueryClient): void {
  if (paced.has(queryClient) || !queryClient.getQueryData(viewKeys.list())) return;
  paced.set(
    queryClient,
    setTimeout(() => {
      paced.delete(queryClient);
      refreshViews(queryClient);
    }, VIEW_COUNT_PACE_MS),
  );
}
