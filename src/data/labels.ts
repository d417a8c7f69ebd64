import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Label, LiveEventOf } from '@/contract';
import { call } from '@/lib/api-client';
import { conversationKeys, mapListRows, type ConversationPages } from './conversations';

// The team's labels (the BFF's own: src/server/labels) and each thread's. The list is one read
// kept current by `labels.replaced`; a thread's labels come with its row and its screen, and
// `conversation.labels` (or my own change's answer) puts them into every cache that holds them.

export const labelKeys = {
  all: ['labels'] as const,
  list: () => ['labels', 'list'] as const,
  thread: (id: string) => ['labels', 'thread', id] as const,
  /** Changes of one thread's labels: live events wait for their answer. */
  change: (id: string) => ['labels', 'change', id] as const,
};

export const labelsQuery = () =>
  queryOptions({
    queryKey: labelKeys.list(),
    queryFn: async ({ signal }): Promise<Label[]> => (await call('labels.list', { signal })).labels,
    // The live stream replaces the list on every change.
    staleTime: 5 * 60_000,
    retry: false,
  });

/** A thread's label ids: seeded by its screen read (thread-screen.ts); read alone only when not. */
export const threadLabelsQuery = (id: string) =>
  queryOptions({
    queryKey: labelKeys.thread(id),
    queryFn: async ({ signal }): Promise<string[]> =>
      (await call('screens.thread', { query: { id }, signal })).labelIds ?? [],
    staleTime: Infinity,
  });

export function replaceLabels(queryClient: QueryClient, labels: readonly Label[]): void {
  queryClient.setQueryData<Label[]>(labelKeys.list(), [...labels]);
}

/** A thread's labels as they now are: its header, its rows, and out of lists filtered by a label it lost. */
export function setThreadLabels(
  queryClient: QueryClient,
  conversationId: string,
  labelIds: readonly string[],
): void {
  queryClient.setQueryData<string[]>(labelKeys.thread(conversationId), [...labelIds]);
  mapListRows(queryClient, (row) =>
    row.conversation.id === conversationId ? { ...row, labelIds: [...labelIds] } : row,
  );
  // Lists filtered by a label: the thread leaves one whose label it lost; one it gained is read again.
  for (const query of queryClient.getQueryCache().findAll({ queryKey: conversationKeys.lists() })) {
    const label = (query.queryKey[2] as { label?: string } | undefined)?.label;
    if (!label) continue;
    const data = query.state.data as ConversationPages | undefined;
    const held = data?.pages.some((p) => p.rows.some((r) => r.conversation.id === conversationId)) ?? false;
    if (held !== labelIds.includes(label))
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

export function onThreadLabels(queryClient: QueryClient, event: LiveEventOf<'conversation.labels'>): void {
  // My own change's answer decides while it is on its way.
  if (queryClient.isMutating({ mutationKey: labelKeys.change(event.conversationId) }) > 0) return;
  setThreadLabels(queryClient, event.conversationId, event.labelIds);
}
