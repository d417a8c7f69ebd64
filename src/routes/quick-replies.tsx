import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { quickRepliesQuery } from '@/data/quick-replies';
import { QuickRepliesPage } from '@/features/quick-replies/components/quick-replies-page';
import { QuickRepliesPending } from '@/features/quick-replies/components/quick-replies-pending';

export const Route = createFileRoute('/quick-replies')({
  loader: ({ context }) => context.queryClient.ensureQueryData(quickRepliesQuery()),
  pendingComponent: QuickRepliesPending,
  errorComponent: errorScreen('Quick replies could not be loaded'),
  component: QuickRepliesPage,
});
