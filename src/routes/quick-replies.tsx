import { createFileRoute } from '@tanstack/react-router';
import { quickRepliesQuery } from '@/data/quick-replies';
import { QuickRepliesPage } from '@/features/quick-replies/components/quick-replies-page';

export const Route = createFileRoute('/quick-replies')({
  // Prefetch only: the page draws its own loading and error states.
  loader: ({ context }) => context.queryClient.prefetchQuery(quickRepliesQuery()),
  component: QuickRepliesPage,
});
