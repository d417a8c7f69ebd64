import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { canManageJobs, canReadAudit } from '@/contract';
import { meQuery } from '@/data/session';

export const Route = createFileRoute('/settings')({
  component: SettingsLayout,
});

const TAB =
  'inline-flex h-10 items-center border-b-2 border-transparent px-1 text-[13px] text-muted hover:text-fg';

/** The settings pages under one row of tabs; the audit log only for those who may read it. */
function SettingsLayout() {
  const { data: me } = useSuspenseQuery(meQuery());
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <nav aria-label="Settings" className="flex shrink-0 gap-5 overflow-x-auto whitespace-nowrap border-b border-border px-6">
        <Link
          to="/settings/stages"
          className={TAB}
          activeProps={{ className: 'border-accent font-medium text-fg', 'aria-current': 'page' }}
        >
          Lead stages
        </Link>
        <Link
          to="/settings/labels"
          className={TAB}
          activeProps={{ className: 'border-accent font-medium text-fg', 'aria-current': 'page' }}
        >
          Labels
        </Link>
        <Link
          to="/settings/notifications"
          className={TAB}
          activeProps={{ className: 'border-accent font-medium text-fg', 'aria-current': 'page' }}
        >
          Notifications
        </Link>
        <Link
          to="/settings/sla"
          className={TAB}
          activeProps={{ className: 'border-accent font-medium text-fg', 'aria-current': 'page' }}
        >
          Business hours &amp; SLA
        </Link>
        <Link
          to="/settings/assignment"
          className={TAB}
          activeProps={{ className: 'border-accent font-medium text-fg', 'aria-current': 'page' }}
        >
          Assignment
        </Link>
        {canReadAudit(me.role) ? (
          <Link
            to="/settings/audit"
            className={TAB}
            activeProps={{ className: 'border-accent font-medium text-fg', 'aria-current': 'page' }}
          >
            Audit log
          </Link>
        ) : null}
        {canManageJobs(me.role) ? (
          <Link
            to="/settings/jobs"
            className={TAB}
            activeProps={{ className: 'border-accent font-medium text-fg', 'aria-current': 'page' }}
          >
            Background jobs
          </Link>
        ) : null}
      </nav>
      <Outlet />
    </div>
  );
}
