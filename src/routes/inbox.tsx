import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { channelsQuery } from '@/data/channels';
import { conversationListQuery } from '@/data/conversations';
import { meQuery } from '@/data/session';
import { InboxLayout } from '@/features/inbox/components/inbox-layout';
import { InboxPending } from '@/features/inbox/components/inbox-pending';
import { listShownAt } from '@/features/inbox/inbox-panes';
import { InboxSearch, filtersFromSearch } from '@/features/inbox/inbox-search';

export const Route = createFileRoute('/inbox')({
  validateSearch: InboxSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps, cause, location }) => {
    // A phone opening a thread (a link from a notification) shows it alone: the list is read when
    // the reader goes back to it, not while the thread is on its way.
    if (!listShownAt(location.pathname)) return;
    const me = await queryClient.ensureQueryData(meQuery());
    const reads = Promise.all([
      queryClient.ensureInfiniteQueryData(conversationListQuery(filtersFromSearch(deps, me.upstreamUserId))),
      queryClient.ensureQueryData(channelsQuery()),
    ]);
    // A filter changed on screen: the list shown stays while the new one loads (the list defers it).
    if (cause === 'stay') void reads.catch(() => undefined);
    else await reads;
  },
  pendingComponent: InboxPending,
  errorComponent: errorScreen('The conversations could not be loaded'),
  component: InboxLayout,
});
