import { createFileRoute } from '@tanstack/react-router';
import { NewConversation } from '@/features/inbox/components/new-conversation';
import { NewConversationSearch } from '@/features/inbox/new-conversation-search';

export const Route = createFileRoute('/inbox/new')({
  validateSearch: NewConversationSearch,
  component: function NewConversationRoute() {
    const search = Route.useSearch();
    return <NewConversation channelId={search.channelId} to={search.to} name={search.name} />;
  },
});
