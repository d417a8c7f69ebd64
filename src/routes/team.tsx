import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { availabilityQuery } from '@/data/availability';
import { TeamPage } from '@/features/team/components/team-page';

export const Route = createFileRoute('/team')({
  loader: ({ context }) => context.queryClient.ensureQueryData(availabilityQuery()),
  pendingComponent: TableSkeleton,
  errorComponent: errorScreen('The team could not be loaded'),
  component: TeamPage,
});
