import { createFileRoute } from '@tanstack/react-router';
import { InboxPlaceholder } from '@/features/inbox/components/inbox-placeholder';

export const Route = createFileRoute('/inbox/')({
  component: InboxPlaceholder,
});
