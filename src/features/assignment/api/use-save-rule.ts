import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignmentOverview, AssignmentRuleBody } from '@/contract';
import { assignmentKeys } from '@/data/assignment';
import { call } from '@/lib/api-client';

// A channel's rule as the BFF kept it shows at once (with its queue, which saving may have
// started to hand out), then the overview is read again.

export function useSaveRule(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: assignmentKeys.set(),
    mutationFn: (body: AssignmentRuleBody) => call('assignment.set', { params: { channelId }, body }),
    onSuccess: (saved) =>
      queryClient.setQueryData<AssignmentOverview>(assignmentKeys.overview(), (held) =>
        held
          ? { ...held, channels: held.channels.map((c) => (c.channelId === saved.channelId ? saved : c)) }
          : held,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}
