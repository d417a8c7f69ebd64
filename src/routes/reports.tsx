import { createFileRoute, redirect } from '@tanstack/react-router';
import { canReadReports } from '@/contract';
import { errorScreen } from '@/components/app-screens';
import { signedIn } from '@/data/workspace';
import { ReportSearch } from '@/features/reports/report-search';
import { ReportsPage } from '@/features/reports/components/reports-page';

export const Route = createFileRoute('/reports')({
  validateSearch: ReportSearch,
  // Managers and admins (the BFF refuses others); an agent lands on the inbox.
  beforeLoad: async ({ context }) => {
    const me = await signedIn(context.queryClient);
    if (!canReadReports(me.role)) throw redirect({ to: '/inbox', replace: true });
  },
  errorComponent: errorScreen('Reports could not be loaded'),
  component: ReportsPage,
});
