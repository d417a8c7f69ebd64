import { useSuspenseQuery } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import { ASSIGNMENT_MODE_LABELS, roleCan, type AssignmentRule, type ChannelAssignment } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/states';
import { assignmentQuery } from '@/data/assignment';
import { meQuery } from '@/data/session';
import { RuleForm } from './rule-form';
import { WaitingList } from './waiting-list';

// Settings → Assignment: per channel, its rule (admins edit it; others read it) and the threads
// waiting for an agent, oldest first. Kept live by `assignment.changed` (src/data/assignment.ts).

export function AssignmentSettings() {
  const { data } = useSuspenseQuery(assignmentQuery());
  const { data: me } = useSuspenseQuery(meQuery());
  const canEdit = roleCan(me.role, 'assignment.set');
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Assignment</h1>
        <p className="mt-1 max-w-2xl text-[13px] text-muted">
          New and reopened threads nobody owns are handed out automatically to teammates who are Available,
          per channel. When everyone is at the cap, threads wait here, oldest first.
          {canEdit ? '' : ' Only admins change the rules.'}
        </p>
      </header>
      {data.channels.length === 0 ? (
        <EmptyState title="No channels yet" icon={<Shuffle size={28} />}>
          Rules are set per channel, once the workspace has one.
        </EmptyState>
      ) : (
        <div className="flex max-w-3xl flex-col gap-4 px-6 py-4">
          {data.channels.map((channel) => (
            <ChannelSection key={channel.channelId} channel={channel} canEdit={canEdit} team={data.team} />
          ))}
        </div>
      )}
    </div>
  );
}

function ChannelSection({
  channel,
  canEdit,
  team,
}: {
  channel: ChannelAssignment;
  canEdit: boolean;
  team: readonly { username: string; name: string }[];
}) {
  const headingId = `assignment-${channel.channelId}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="text-sm font-semibold">
          {channel.channelName}
        </h2>
        {channel.rule?.enabled ? (
          <Badge tone="success">On</Badge>
        ) : (
          <Badge>{channel.rule ? 'Off' : 'No rule'}</Badge>
        )}
      </div>
      {canEdit ? (
        <RuleForm
          // A rule saved elsewhere (another admin, live) starts the form again from it.
          key={channel.rule?.updatedAt ?? 'none'}
          channelId={channel.channelId}
          channelName={channel.channelName}
          rule={channel.rule}
          team={team}
        />
      ) : (
        <RuleWords rule={channel.rule} team={team} />
      )}
      <div>
        <h3 className="mb-1 text-[13px] font-medium text-muted">Waiting for an agent</h3>
        <WaitingList waiting={channel.waiting} channelName={channel.channelName} />
      </div>
    </section>
  );
}

/** The rule in words, for those who may not change it. */
function RuleWords({
  rule,
  team,
}: {
  rule: AssignmentRule | null;
  team: readonly { username: string; name: string }[];
}) {
  if (!rule?.enabled) return <p className="text-sm text-muted">Threads are not assigned automatically.</p>;
  const nameOf = (username: string) => team.find((t) => t.username === username)?.name ?? username;
  return (
    <p className="text-sm">
      {`By ${ASSIGNMENT_MODE_LABELS[rule.mode]} to ${rule.members.map(nameOf).join(', ')}`}
      {rule.cap !== null ? `, at most ${String(rule.cap)} open threads each` : ''}
      {rule.noReplyMinutes !== null
        ? `; without a reply within ${String(rule.noReplyMinutes)} minutes a thread goes ${
            rule.noReplyTo ? `to ${nameOf(rule.noReplyTo)}` : 'back to the queue'
          }`
        : ''}
      .
    </p>
  );
}
