import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { labelsQuery } from '@/data/labels';
import { LabelSettings } from '@/features/labels/components/label-settings';

export const Route = createFileRoute('/settings/labels')({
  loader: ({ context }) => context.queryClient.ensureQueryData(labelsQuery()),
  errorComponent: errorScreen('The labels could not be loaded'),
  component: LabelSettings,
});
