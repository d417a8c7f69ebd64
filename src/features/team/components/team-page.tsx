import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { AVAILABILITY_LABELS, type TeammateAvailability } from '@/contract';
import { durationText } from '@/components/activity/timeline';
import { AvailabilityDot } from '@/components/availability/availability-face';
import { EmptyState } from '@/components/ui/states';
import { exactTitleOnHover } from '@/components/ui/time-labels';
import { UserText } from '@/components/ui/user-text';
import { availabilityQuery } from '@/data/availability';
import { meQuery } from '@/data/session';
import { calendarDate, count } from '@/lib/format';
import { useNow } from '@/lib/use-now';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-subtle';
const TD = 'px-3 py-2 align-top';
const DAY_MIN = 24 * 60;
/** Open threads move as threads are assigned and closed: read again this often while here. */
const REFRESH_MS = 60_000;

/** "for 12 min", or "since 3 Jan 2026" after a day. */
function howLong(iso: string, now: number): string {
  const minutes = Math.max(1, Math.floor((now - Date.parse(iso)) / 60_000));
  return minutes < DAY_MIN ? `for ${durationText(minutes)}` : `since ${calendarDate(iso)}`;
}

/** How long the status has held, or, for Away by itself, how long no tab has been open. */
function StatusSince({ member, now }: { member: TeammateAvailability; now: number }) {
  if (member.auto)
    return (
      <span className="text-muted">
        {' — '}
        {member.lastSeenAt ? (
          <time dateTime={member.lastSeenAt} onPointerEnter={exactTitleOnHover}>
            no tab open {howLong(member.lastSeenAt, now)}
          </time>
        ) : (
          'no tab open yet'
        )}
      </span>
    );
  if (!member.since) return null;
  return (
    <span className="text-muted">
      {' · '}
      <time dateTime={member.since} onPointerEnter={exactTitleOnHover}>
        {howLong(member.since, now)}
      </time>
    </span>
  );
}

/**
 * `/team`: who is Available, Busy or Away (in that order, then by name), since when, and how many
 * open threads each holds. Live: a teammate's change arrives on the stream; counts are read again
 * every minute while the page is open.
 */
export function TeamPage() {
  const { data } = useSuspenseQuery({ ...availabilityQuery(), refetchInterval: REFRESH_MS });
  const me = useQuery(meQuery()).data;
  const now = useNow();
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Team</h1>
        <p className="mt-1 max-w-2xl text-[13px] text-muted">
          Who is available, busy or away, and the open conversations each holds. Anyone with no Chatdesk tab
          open for {data.awayAfterMinutes} min counts as away.
        </p>
      </header>
      {data.members.length === 0 ? (
        <EmptyState title="No teammates yet" icon={<Users size={28} />}>
          People who can sign in show here with their status.
        </EmptyState>
      ) : (
        <div className="px-6 py-4">
          <table aria-label="Teammates by availability" className="w-full border-collapse text-[13px]">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>Name</th>
                <th className={TH}>Role</th>
                <th className={TH}>Status</th>
                <th className={`${TH} text-right`}>Open threads</th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((member) => (
                <tr key={member.username} className="border-b border-border last:border-0">
                  <td className={`${TD} font-medium`}>
                    <UserText>{member.name}</UserText>
                    {member.username === me?.id ? (
                      <span className="font-normal text-subtle"> (you)</span>
                    ) : null}
                  </td>
                  <td className={`${TD} capitalize text-muted`}>{member.role}</td>
                  <td className={TD}>
                    <span className="inline-flex items-center gap-1.5">
                      <AvailabilityDot status={member.status} />
                      {AVAILABILITY_LABELS[member.status]}
                    </span>
                    <StatusSince member={member} now={now} />
                  </td>
                  <td className={`${TD} tabular text-right`}>{count(member.openThreads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
