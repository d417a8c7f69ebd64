import { createFileRoute, redirect } from '@tanstack/react-router';
import { canManageJobs } from '@/contract';
import { errorScreen } from '@/components/app-screens';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { jobsQuery } from '@/data/jobs';
import { signedIn } from '@/data/workspace';
import { JobSearch } from '@/features/jobs/job-search';
import { JobsPage } from '@/features/jobs/components/jobs-page';

export const Route = createFileRoute('/settings/jobs')({
  validateSearch: JobSearch,
  // Only admins see the queue (the BFF refuses others); anyone else lands on the settings they have.
  beforeLoad: async ({ context }) => {
    const me = await signedIn(context.queryClient);
    if (!canManageJobs(me.role)) throw redirect({ to: '/settings/stages', replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(jobsQuery(deps)),
  pendingComponent: TableSkeleton,
  errorComponent: errorScreen('The background jobs could not be loaded'),
  component: JobsPage,
});
