import { Link, useRouter } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Inbox,
  AtSign,
  KanbanSquare,
  Building2,
  MessageSquareText,
  Settings,
  LogOut,
  BarChart3,
  Bell,
  Users,
} from 'lucide-react';
import { canReadReports, type Role } from '@/contract';
import { signOut } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { errorText } from './ui/states';
import type { ReactNode } from 'react';
import { meQuery } from '@/data/session';
import { mentionsQuery } from '@/data/notes';
import { dueRemindersQuery } from '@/data/reminders';
import { unreadQuery } from '@/data/unread';
import { initials } from '@/lib/format';
import { UserText } from './ui/user-text';
import { clearUserStorage } from '@/lib/user-storage';
import { AvailabilityControl } from './availability/availability-control';

const ITEMS: {
  to:
    | '/inbox'
    | '/mentions'
    | '/reminders'
    | '/leads'
    | '/customers'
    | '/quick-replies'
    | '/reports'
    | '/team'
    | '/settings';
  label: string;
  icon: ReactNode;
  /** Shown only to these roles (the route and the BFF refuse the others anyway). */
  only?: (role: Role) => boolean;
}[] = [
  { to: '/inbox', label: 'Inbox', icon: <Inbox size={18} aria-hidden /> },
  { to: '/mentions', label: 'Mentions', icon: <AtSign size={18} aria-hidden /> },
  { to: '/reminders', label: 'Reminders', icon: <Bell size={18} aria-hidden /> },
  { to: '/leads', label: 'Leads', icon: <KanbanSquare size={18} aria-hidden /> },
  { to: '/customers', label: 'Customers', icon: <Building2 size={18} aria-hidden /> },
  { to: '/quick-replies', label: 'Quick replies', icon: <MessageSquareText size={18} aria-hidden /> },
  { to: '/reports', label: 'Reports', icon: <BarChart3 size={18} aria-hidden />, only: canReadReports },
  { to: '/team', label: 'Team', icon: <Users size={18} aria-hidden /> },
  { to: '/settings', label: 'Settings', icon: <Settings size={18} aria-hidden /> },
];

/** The app's left rail: icons with labels on wide screens, icons alone on narrow ones. `search`:
 *  the way into search, under the name (a feature's, so the layout passes it in). */
export function AppNav({ search }: { search?: ReactNode }) {
  const me = useQuery(meQuery());
  // What waits for me: threads with unread messages, and notes that mention me.
  const counts: Partial<Record<(typeof ITEMS)[number]['to'], number>> = {
    '/inbox': useQuery(unreadQuery()).data?.total ?? 0,
    '/mentions': useQuery(mentionsQuery()).data?.unread ?? 0,
    // My reminders that came due (the same read flags their rows and cards).
    '/reminders': useQuery(dueRemindersQuery()).data?.reminders.length ?? 0,
  };
  const router = useRouter();
  const queryClient = useQueryClient();
  async function handleSignOut() {
    try {
      await signOut();
    } catch (error) {
      notify.error('Sign-out failed', { description: errorText(error) });
      return;
    }
    // Drafts and every other per-user value go with the session, before the next person signs in.
    clearUserStorage();
    queryClient.clear();
    await router.navigate({ to: '/sign-in' });
  }
  return (
    <nav aria-label="Main" className="flex w-14 shrink-0 flex-col border-r border-border bg-surface md:w-48">
      <div className="flex h-12 items-center gap-2 px-3 font-semibold">
        <span aria-hidden className="grid size-7 place-items-center rounded-md bg-accent text-accent-fg">
          C
        </span>
        <span className="hidden md:inline">Chatdesk</span>
      </div>
      {search}
      <ul className="flex flex-1 flex-col gap-0.5 px-2 py-2">
        {ITEMS.filter((item) => !item.only || (me.data !== undefined && item.only(me.data.role))).map(
          (item) => {
            const count = counts[item.to] ?? 0;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="flex h-9 items-center gap-2.5 rounded-md px-2"
                  // Active and inactive colours on separate props: both in one class list, the
                  // stylesheet's order would pick the text colour.
                  activeProps={{ className: 'bg-raised text-fg font-medium', 'aria-current': 'page' }}
                  inactiveProps={{ className: 'text-muted hover:bg-raised hover:text-fg' }}
                  title={item.label}
                >
                  <span className="relative">
                    {item.icon}
                    {count > 0 ? (
                      <span
                        aria-hidden
                        className="absolute -right-1.5 -top-1 size-2 rounded-full bg-accent md:hidden"
                      />
                    ) : null}
                  </span>
                  <span className="hidden md:inline">{item.label}</span>
                  {count > 0 ? (
                    <span className="tabular ml-auto hidden rounded-full bg-accent px-1.5 text-[11px] font-semibold leading-5 text-accent-fg md:inline">
                      <span aria-hidden>{count > 99 ? '99+' : count}</span>
                    </span>
                  ) : null}
                  {count > 0 ? <span className="sr-only">, {count} unread</span> : null}
                </Link>
              </li>
            );
          },
        )}
      </ul>
      {me.data ? (
        <div className="flex flex-col gap-1 border-t border-border px-3 py-3">
          <div
            className="flex flex-col items-center gap-2 md:flex-row"
            title={`${me.data.name} (${me.data.role})`}
          >
            <span
              aria-hidden
              className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent"
            >
              {initials(me.data.name)}
            </span>
            <span className="hidden min-w-0 md:block">
              {/* Two lines before an ellipsis: "Marco Manager" reads whole in the rail's width. */}
              <span className="line-clamp-2 break-words text-[13px] leading-tight font-medium">
                <UserText>{me.data.name}</UserText>
              </span>
              <span className="block text-xs capitalize text-subtle">{me.data.role}</span>
            </span>
            <button
              type="button"
              onClick={() => void handleSignOut()}
              className="grid size-8 shrink-0 place-items-center rounded-md text-muted hover:bg-raised hover:text-fg md:ml-auto"
              aria-label="Sign out"
              title="Sign out"
            >
              <LogOut size={16} aria-hidden />
            </button>
          </div>
          <AvailabilityControl username={me.data.id} />
        </div>
      ) : null}
    </nav>
  );
}
