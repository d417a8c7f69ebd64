import { createFileRoute, redirect } from '@tanstack/react-router';
import { canReadAudit } from '@/contract';
import { errorScreen } from '@/components/app-screens';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { auditPageQuery } from '@/data/audit';
import { signedIn } from '@/data/workspace';
import { AuditSearch, filtersFromSearch } from '@/features/audit/audit-search';
import { AuditLogPage } from '@/features/audit/components/audit-log-page';

export const Route = createFileRoute('/settings/audit')({
  validateSearch: AuditSearch,
  // Only admins read the log (the BFF refuses others); anyone else lands on the settings they have.
  beforeLoad: async ({ context }) => {
    const me = await signedIn(context.queryClient);
    if (!canReadAudit(me.role)) throw redirect({ to: '/settings/stages', replace: true });
  },
  loaderDeps: ({ search }) => filtersFromSearch(search),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const page = queryClient.ensureQueryData(auditPageQuery(deps));
    // Another page or filter: the table shown stays while the next one loads (the page defers it).
    if (cause === 'stay') void page.catch(() => undefined);
    else await page;
  },
  pendingComponent: TableSkeleton,
  errorComponent: errorScreen('The audit log could not be loaded'),
  component: AuditLogPage,
});
