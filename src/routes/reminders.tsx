import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { LoadingState } from '@/components/ui/states';
import { remindersQuery } from '@/data/reminders';
import { RemindersPage } from '@/features/reminders/components/reminders-page';

export const Route = createFileRoute('/reminders')({
  loader: ({ context }) => context.queryClient.ensureQueryData(remindersQuery('open')),
  pendingComponent: () => <LoadingState label="Loading reminders…" />,
  errorComponent: errorScreen('Reminders could not be loaded'),
  component: RemindersPage,
});
