import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { leadStagesQuery } from '@/data/lead-stages';
import { StageSettings } from '@/features/stages/components/stage-settings';

export const Route = createFileRoute('/settings/stages')({
  loader: ({ context }) => context.queryClient.ensureQueryData(leadStagesQuery()),
  errorComponent: errorScreen('The lead stages could not be loaded'),
  component: StageSettings,
});
