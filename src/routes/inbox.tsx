import { createFileRoute } from '@tanstack/react-router';
import { meQuery } from '@/lib/session';
import { channelsQuery, conversationListQuery } from '@/features/inbox/api/conversations';
import { InboxLayout } from '@/features/inbox/components/inbox-layout';
import { InboxSearch, filtersFromSearch } from '@/features/inbox/inbox-search';

export const Route = createFileRoute('/inbox')({
  validateSearch: InboxSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const me = deps.owner === 'mine' ? await queryClient.ensureQueryData(meQuery()) : undefined;
    await Promise.all([
      queryClient.ensureInfiniteQueryData(conversationListQuery(filtersFromSearch(deps, me?.upstreamUserId))),
      queryClient.ensureQueryData(channelsQuery()),
    ]);
  },
  component: InboxLayout,
});
