import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { LoadingState } from '@/components/ui/states';
import { mentionsQuery } from '@/data/notes';
import { MentionsPage } from '@/features/inbox/components/mentions-page';

export const Route = createFileRoute('/mentions')({
  loader: ({ context }) => context.queryClient.ensureQueryData(mentionsQuery()),
  pendingComponent: () => <LoadingState label="Loading mentions…" />,
  errorComponent: errorScreen('Mentions could not be loaded'),
  component: MentionsPage,
});
