import { createFileRoute } from '@tanstack/react-router';
import { StageSettings } from '@/features/stages/components/stage-settings';
import { leadStagesQuery } from '@/data/lead-stages';

export const Route = createFileRoute('/settings/stages')({
  loader: ({ context }) => context.queryClient.ensureQueryData(leadStagesQuery()),
  component: StageSettings,
});
