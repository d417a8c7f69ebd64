import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Channel, ChannelList } from '@/contract';
import { call } from '@/lib/api-client';

export const channelKeys = {
  all: ['channels'] as const,
  list: () => ['channels', 'list'] as const,
};

export const channelsQuery = () =>
  queryOptions({
    queryKey: channelKeys.list(),
    queryFn: ({ signal }) => call('channels.list', { signal }),
    staleTime: 10 * 60_000,
  });

/** The workspace's channels as a whole (they change rarely and together). */
export function replaceChannels(queryClient: QueryClient, channels: readonly Channel[]) {
  queryClient.setQueryData<ChannelList>(channelKeys.list(), (old) => ({ ...old, channels: [...channels] }));
}
