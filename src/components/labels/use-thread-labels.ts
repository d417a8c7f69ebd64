import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ThreadLabelsChange } from '@/contract';
import { labelKeys, setThreadLabels } from '@/data/labels';
import { call } from '@/lib/api-client';
import { errorText } from '@/components/ui/states';
import { notify } from '@/lib/notify';

/**
 * Puts labels on a thread or takes them off: shown at once, the BFF's answer (the thread's labels
 * as they now are, others' changes included) put in its place; on failure the labels go back.
 */
export function useChangeThreadLabels(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: labelKeys.change(conversationId),
    mutationFn: (change: ThreadLabelsChange) =>
      call('conversations.labels', { params: { id: conversationId }, body: change }),
    onMutate: (change) => {
      const before = queryClient.getQueryData<string[]>(labelKeys.thread(conversationId)) ?? [];
      const after = [...before.filter((id) => !change.remove?.includes(id)), ...(change.add ?? [])];
      setThreadLabels(queryClient, conversationId, [...new Set(after)]);
      return { before };
    },
    onSuccess: (answer) => setThreadLabels(queryClient, conversationId, answer.labelIds),
    onError: (error, _change, context) => {
      if (context) setThreadLabels(queryClient, conversationId, context.before);
      notify.error('The labels could not be changed', { description: errorText(error) });
    },
  });
}
