import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { QuickReply, QuickReplyList } from '@/contract';
import { call } from '@/lib/api-client';

// The inbox's "/" menu and the quick replies page read this one entry.
export const quickReplyKeys = {
  all: ['quick-replies'] as const,
  list: () => ['quick-replies', 'list'] as const,
};

export const quickRepliesQuery = () =>
  queryOptions({
    queryKey: quickReplyKeys.list(),
    queryFn: ({ signal }) => call('quickReplies.list', { signal }),
    staleTime: 60_000,
  });

const byTitle = (a: QuickReply, b: QuickReply) => a.title.localeCompare(b.title);

export function replaceQuickReplies(queryClient: QueryClient, replies: readonly QuickReply[]) {
  queryClient.setQueryData<QuickReplyList>(quickReplyKeys.list(), (old) => ({ ...old, data: [...replies] }));
}

/** A created or saved reply joins the list in title order (nothing is written before the list is read). */
export function upsertQuickReply(queryClient: QueryClient, reply: QuickReply) {
  queryClient.setQueryData<QuickReplyList>(quickReplyKeys.list(), (old) =>
    old ? { ...old, data: [...old.data.filter((q) => q.id !== reply.id), reply].sort(byTitle) } : old,
  );
}

export function removeQuickReply(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<QuickReplyList>(quickReplyKeys.list(), (old) =>
    old ? { ...old, data: old.data.filter((q) => q.id !== id) } : old,
  );
}
