import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { LoadingState } from '@/components/ui/states';
import { preferencesQuery } from '@/data/preferences';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';

export const Route = createFileRoute('/settings/notifications')({
  loader: ({ context }) => context.queryClient.ensureQueryData(preferencesQuery()),
  pendingComponent: () => <LoadingState label="Loading your settings…" />,
  errorComponent: errorScreen('Your notification settings could not be loaded'),
  component: NotificationSettings,
});
