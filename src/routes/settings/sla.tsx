import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { slaSettingsQuery } from '@/data/sla';
import { SlaSettingsPage } from '@/features/sla/components/sla-settings';

export const Route = createFileRoute('/settings/sla')({
  loader: ({ context }) => context.queryClient.ensureQueryData(slaSettingsQuery()),
  errorComponent: errorScreen('Business hours and SLA policies could not be loaded'),
  component: SlaSettingsPage,
});
