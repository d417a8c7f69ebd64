import { Link, createFileRoute } from '@tanstack/react-router';
import { MissingRecord, errorScreen } from '@/components/app-screens';
import { LoadingState } from '@/components/ui/states';
import { channelsQuery } from '@/data/channels';
import { messagesQuery } from '@/data/messages';
import { loadThreadScreen } from '@/data/thread-screen';
import { ThreadScreen } from '@/features/inbox/components/thread-screen';
import { orNotFound, recordId } from '@/lib/route-reads';

export const Route = createFileRoute('/inbox/$conversationId')({
  params: {
    parse: ({ conversationId }) => ({ conversationId: recordId(conversationId) }),
    stringify: ({ conversationId }) => ({ conversationId }),
  },
  loader: async ({ context: { queryClient }, params: { conversationId } }) => {
    const channels = queryClient.ensureQueryData(channelsQuery());
    // One screen read fills the thread, its messages and the context panel's records.
    const screen = await orNotFound(loadThreadScreen(queryClient, conversationId));
    await Promise.all([
      channels,
      // Read only while the BFF has not read the thread's messages yet.
      screen.messages ? null : orNotFound(queryClient.ensureInfiniteQueryData(messagesQuery(conversationId))),
    ]);
  },
  pendingComponent: () => <LoadingState label="Loading the conversation…" />,
  errorComponent: errorScreen('This conversation could not be opened'),
  notFoundComponent: () => (
    <MissingRecord title="This conversation is not in this workspace">
      <Link to="/inbox" search={true} className="text-accent underline">
        Back to the inbox
      </Link>
    </MissingRecord>
  ),
  component: function ConversationRoute() {
    const { conversationId } = Route.useParams();
    return <ThreadScreen key={conversationId} conversationId={conversationId} />;
  },
});
