import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Group } from '@/contract';
import { call } from '@/lib/api-client';

export const groupKeys = {
  all: ['groups'] as const,
  detail: (channelId: string, groupId: string) => ['groups', 'detail', channelId, groupId] as const,
};

/** A group chat's details; the group id is the conversation's external thread id. */
export const groupQuery = (channelId: string, groupId: string) =>
  queryOptions({
    queryKey: groupKeys.detail(channelId, groupId),
    queryFn: async ({ signal }) =>
      (await call('groups.get', { params: { groupId }, query: { channelId }, signal })).group,
  });

/** Changes what is known of a group (a new invite link, say) without reading it again. */
export function patchGroup(
  queryClient: QueryClient,
  channelId: string,
  groupId: string,
  patch: Partial<Group>,
) {
  queryClient.setQueryData<Group>(groupKeys.detail(channelId, groupId), (old) =>
    old ? { ...old, ...patch } : old,
  );
}
