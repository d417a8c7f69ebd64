import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Tag } from '@/contract';
import { call } from '@/lib/api-client';

export const tagKeys = {
  all: ['tags'] as const,
  list: () => ['tags', 'list'] as const,
};

/** The workspace's tags (customers, contacts and leads all carry their ids). */
export const tagsQuery = () =>
  queryOptions({
    queryKey: tagKeys.list(),
    queryFn: async ({ signal }): Promise<Tag[]> => (await call('tags.list', { signal })).data,
    staleTime: 5 * 60_000,
  });

export function replaceTags(queryClient: QueryClient, tags: readonly Tag[]) {
  queryClient.setQueryData<Tag[]>(tagKeys.list(), [...tags]);
}
