import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { canManageJobs, canReadAudit, type Role } from '@/contract';
import { meQuery } from '@/data/session';

export const Route = createFileRoute('/settings')({
  component: SettingsLayout,
});

// The active tab's border and colour, and the others', are never both on one link: two border or
// text colours in one class list leave the winner to the stylesheet's order (the active tab showed
// as inactive).
const TAB = 'inline-flex h-10 items-center border-b-2 px-1 text-[13px]';
const ACTIVE = { className: 'border-accent font-medium text-fg', 'aria-current': 'page' } as const;
const INACTIVE = { className: 'border-transparent text-muted hover:text-fg' } as const;

/** The settings pages in the tabs' order; `shown` leaves out a page the role may not open. */
const TABS = [
  { to: '/settings/stages', label: 'Lead stages' },
  { to: '/settings/labels', label: 'Labels' },
  { to: '/settings/notifications', label: 'Notifications' },
  { to: '/settings/sla', label: 'Business hours & SLA' },
  { to: '/settings/assignment', label: 'Assignment' },
  { to: '/settings/audit', label: 'Audit log', shown: canReadAudit },
  { to: '/settings/jobs', label: 'Background jobs', shown: canManageJobs },
] as const satisfies readonly { to: string; label: string; shown?: (role: Role) => boolean }[];

/** The settings pages under one row of tabs (scrolling sideways on a narrow screen). */
function SettingsLayout() {
  const { data: me } = useSuspenseQuery(meQuery());
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <nav
        aria-label="Settings"
        className="flex shrink-0 gap-5 overflow-x-auto whitespace-nowrap border-b border-border px-6"
      >
        {TABS.filter((tab) => !('shown' in tab) || tab.shown(me.role)).map((tab) => (
          <Link key={tab.to} to={tab.to} className={TAB} activeProps={ACTIVE} inactiveProps={INACTIVE}>
            {tab.label}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
