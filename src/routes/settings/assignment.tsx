import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { assignmentQuery } from '@/data/assignment';
import { AssignmentSettings } from '@/features/assignment/components/assignment-settings';

export const Route = createFileRoute('/settings/assignment')({
  loader: ({ context }) => context.queryClient.ensureQueryData(assignmentQuery()),
  errorComponent: errorScreen('The assignment rules could not be loaded'),
  component: AssignmentSettings,
});
