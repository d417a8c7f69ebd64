import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const groupKeys = {
  all: ['groups'] as const,
  detail: (channelId: string, groupId: string) => ['groups', 'detail', channelId, groupId] as const,
};

/** A group chat's details; the group id is the conversation's external thread id. */
export const groupQuery = (channelId: string, groupId: string) =>
  queryOptions({
    queryKey: groupKeys.detail(channelId, groupId),
    queryFn: ({ signal }) =>
      callApi('groups.get', { params: { groupId }, query: { channelId }, signal }).then((r) => r.group),
  });
