import { createFileRoute } from '@tanstack/react-router';
import { conversationQuery, messagesQuery } from '@/features/inbox/api/conversations';
import { ThreadScreen } from '@/features/inbox/components/thread-screen';

export const Route = createFileRoute('/inbox/$conversationId')({
  loader: async ({ context: { queryClient }, params }) => {
    await Promise.all([
      queryClient.ensureQueryData(conversationQuery(params.conversationId)),
      queryClient.ensureInfiniteQueryData(messagesQuery(params.conversationId)),
    ]);
  },
  component: function ConversationRoute() {
    const { conversationId } = Route.useParams();
    return <ThreadScreen key={conversationId} conversationId={conversationId} />;
  },
});
