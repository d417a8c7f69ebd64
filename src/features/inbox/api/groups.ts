import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationKeys } from '@/data/conversations';
import { groupKeys, patchGroup } from '@/data/groups';
import { call } from '@/lib/api-client';

export interface ApproveResult {
  approved: string[];
  /** Numbers the upstream left out (the fake names them `skipped`: they had not asked to join). */
  skipped: string[];
}

/** Approves join requests; the group is read again afterwards (participants and requests moved). */
export function useApproveJoinRequests(channelId: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation<ApproveResult, Error, string[]>({
    mutationFn: async (phoneNumbers) => {
      const answer = await call('groups.approveJoinRequests', {
        params: { groupId },
        body: { channelId, phoneNumbers },
      });
      const approved = new Set(answer.approved);
      return { approved: answer.approved, skipped: phoneNumbers.filter((p) => !approved.has(p)) };
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.detail(channelId, groupId) });
      // The thread's participant count changed too.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}

/** Creates or rotates the invite link; the old one stops working at once. */
export function useRotateInviteLink(channelId: string, groupId: string) {
  const queryClient = useQueryClient();
  return useMutation<string, Error, void>({
    mutationFn: async () =>
      (await call('groups.inviteLink', { params: { groupId }, body: { channelId } })).invite_link,
    onSuccess: (link) => patchGroup(queryClient, channelId, groupId, { invite_link: link }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: groupKeys.detail(channelId, groupId) }),
  });
}
