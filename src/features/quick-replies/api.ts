import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickReply, QuickReplyCreate, QuickReplyUpdate } from '@/contract';
import { restoreSnapshot, takeSnapshot, type CacheSnapshot } from '@/data/cache-snapshot';
import { quickReplyKeys, removeQuickReply, upsertQuickReply } from '@/data/quick-replies';
import { call } from '@/lib/api-client';

export function useCreateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation<QuickReply, Error, QuickReplyCreate>({
    mutationFn: (body) => call('quickReplies.create', { body }),
    onSuccess: (created) => upsertQuickReply(queryClient, created),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickReplyKeys.all }),
  });
}

export function useUpdateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation<QuickReply, Error, { id: string; body: QuickReplyUpdate }>({
    mutationFn: ({ id, body }) => call('quickReplies.update', { params: { id }, body }),
    onSuccess: (saved) => upsertQuickReply(queryClient, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickReplyKeys.all }),
  });
}

/** Deletes at once on screen; the reply comes back if the server refuses. */
export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, QuickReply, { snapshot: CacheSnapshot }>({
    mutationFn: async (reply) => {
      await call('quickReplies.delete', { params: { id: reply.id } });
    },
    onMutate: async (reply) => {
      const snapshot = await takeSnapshot(queryClient, quickReplyKeys.list());
      removeQuickReply(queryClient, reply.id);
      return { snapshot };
    },
    onError: (_error, _reply, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickReplyKeys.all }),
  });
}
