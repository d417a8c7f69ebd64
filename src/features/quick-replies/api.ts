import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickReply, QuickReplyCreate, QuickReplyList, QuickReplyUpdate } from '@/contract';
import { callApi } from '@/lib/api-client';
import { quickRepliesKeys, quickRepliesQuery } from '@/lib/quick-replies';

// The factory lives in lib: the inbox's quick reply menu reads the same ['quick-replies','list'].
export { quickRepliesKeys, quickRepliesQuery };

const byTitle = (a: QuickReply, b: QuickReply) => a.title.localeCompare(b.title);

export function useCreateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation<QuickReply, Error, QuickReplyCreate>({
    mutationFn: (body) => callApi('quickReplies.create', { body }),
    onSuccess: (created) => {
      queryClient.setQueryData<QuickReplyList>(quickRepliesKeys.list(), (old: QuickReplyList | undefined) =>
        old ? { ...old, data: [...old.data, created].sort(byTitle) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickRepliesKeys.all }),
  });
}

export function useUpdateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation<QuickReply, Error, { id: string; body: QuickReplyUpdate }>({
    mutationFn: ({ id, body }) => callApi('quickReplies.update', { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<QuickReplyList>(quickRepliesKeys.list(), (old: QuickReplyList | undefined) =>
        old ? { ...old, data: old.data.map((q) => (q.id === saved.id ? saved : q)).sort(byTitle) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickRepliesKeys.all }),
  });
}

/** Deletes at once on screen; the reply comes back if the server refuses. */
export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, QuickReply, { previous: QuickReplyList | undefined }>({
    mutationFn: async (reply) => {
      await callApi('quickReplies.delete', { params: { id: reply.id } });
    },
    onMutate: async (reply) => {
      await queryClient.cancelQueries({ queryKey: quickRepliesKeys.list() });
      const previous = queryClient.getQueryData<QuickReplyList>(quickRepliesKeys.list());
      queryClient.setQueryData<QuickReplyList>(quickRepliesKeys.list(), (old: QuickReplyList | undefined) =>
        old ? { ...old, data: old.data.filter((q) => q.id !== reply.id) } : old,
      );
      return { previous };
    },
    onError: (_error, _reply, context) => {
      if (context?.previous) queryClient.setQueryData(quickRepliesKeys.list(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quickRepliesKeys.all }),
  });
}
