import { useQuery } from '@tanstack/react-query';
import { Copy, Link2, RefreshCw, UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Conversation, Group, JoinRequest } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/ui/states';
import { isApiError } from '@/lib/api-error';
import { exactTime, relativeTime } from '@/lib/format';
import { phone } from '@/lib/phone';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import { parsePhoneList } from '@/lib/phone-list';
import { groupQuery, useApproveJoinRequests, useRotateInviteLink } from '../api/groups';
import { UserText } from '@/components/ui/user-text';

/** Details of a group chat: subject, participants, join requests and the invite link. */
export function GroupPanel({ conversation }: { conversation: Conversation }) {
  const channelId = conversation.channel_id ?? null;
  if (!conversation.is_group) return null;
  if (channelId === null) {
    return (
      <EmptyState title="Group details are unavailable" icon={<Users size={28} />}>
        This group thread has no channel, so its details cannot be read.
      </EmptyState>
    );
  }
  return <GroupDetails channelId={channelId} groupId={conversation.external_thread_id} />;
}

function GroupDetails({ channelId, groupId }: { channelId: string; groupId: string }) {
  const group = useQuery(groupQuery(channelId, groupId));
  if (group.isPending) return <LoadingState label="Loading the group…" />;
  if (group.isError) {
    const missingScope = isApiError(group.error) && group.error.kind === 'missing-scope';
    return (
      <ErrorState
        title={missingScope ? 'Group management is not allowed' : 'The group could not be loaded'}
        error={group.error}
        onRetry={missingScope ? undefined : () => void group.refetch()}
      />
    );
  }
  const g = group.data;
  return <GroupSections group={g} channelId={channelId} groupId={groupId} />;
}

/** Headings get ids from useId: the panel can be on screen twice (side column and drawer). */
function GroupSections({
  group: g,
  channelId,
  groupId,
}: {
  group: Group;
  channelId: string;
  groupId: string;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5 p-4 text-sm">
      <header className="flex flex-col gap-1">
        <h2 id={titleId} className="text-base font-semibold break-words">
          <UserText>{g.subject}</UserText>
        </h2>
        {g.description ? (
          <p className="whitespace-pre-wrap break-words text-muted">
            <UserText>{g.description}</UserText>
          </p>
        ) : null}
      </header>
      <JoinRequests group={g} channelId={channelId} groupId={groupId} />
      <InviteLink link={g.invite_link ?? null} channelId={channelId} groupId={groupId} />
      <Participants group={g} />
    </section>
  );
}

function Participants({ group }: { group: Group }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-[13px] font-semibold text-muted">
        Participants ({group.participants.length})
      </h3>
      {group.participants.length === 0 ? (
        <p className="text-muted">No participants.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {group.participants.map((p) => (
            <li key={p.phone} className="flex items-center gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  <UserText>{p.name || 'Unnamed participant'}</UserText>
                </p>
                <p className="text-xs text-muted tabular-nums">{phone(p.phone)}</p>
              </div>
              <Badge tone={p.role === 'member' ? 'neutral' : 'accent'}>{roleLabel(p.role)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const roleLabel = (role: string) =>
  role === 'superadmin' ? 'Owner' : role.charAt(0).toUpperCase() + role.slice(1);

function reportApproval(result: { approved: string[]; skipped: string[] }) {
  if (result.approved.length > 0) {
    notify.success(
      result.approved.length === 1
        ? `${phone(result.approved[0])} joined the group`
        : `${result.approved.length} people joined the group`,
    );
  }
  if (result.skipped.length > 0) {
    notify.info(
      `${result.skipped.length === 1 ? 'One number was' : `${result.skipped.length} numbers were`} not approved`,
      {
        description: `No pending request from ${result.skipped.map(phone).join(', ')}.`,
      },
    );
  }
}

function JoinRequests({ group, channelId, groupId }: { group: Group; channelId: string; groupId: string }) {
  const approve = useApproveJoinRequests(channelId, groupId);
  const mayApprove = useCan()('groups.approveJoinRequests');
  const requests = group.join_requests ?? [];
  const [pendingPhone, setPendingPhone] = useState<string | null>(null);
  const headingId = useId();

  const approveSome = (phones: string[], one: string | null) => {
    setPendingPhone(one);
    approve.mutate(phones, {
      onSuccess: reportApproval,
      onError: (error) =>
        notify.error('The join requests could not be approved', { description: errorText(error) }),
      onSettled: () => setPendingPhone(null),
    });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-[13px] font-semibold text-muted">
          Join requests{requests.length > 0 ? ` (${requests.length})` : ''}
        </h3>
        {mayApprove && requests.length > 1 ? (
          <Button
            size="sm"
            variant="primary"
            disabled={approve.isPending}
            onClick={() =>
              approveSome(
                requests.map((r) => r.phone),
                null,
              )
            }
          >
            Approve all
          </Button>
        ) : null}
      </div>
      {requests.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {requests.map((request) => (
            <JoinRequestRow
              key={request.phone}
              request={request}
              busy={approve.isPending}
              working={pendingPhone === request.phone}
              mayApprove={mayApprove}
              onApprove={() => approveSome([request.phone], request.phone)}
            />
          ))}
        </ul>
      ) : !mayApprove ? (
        <p className="text-muted">Only {whoCan('groups.approveJoinRequests')} can approve join requests.</p>
      ) : (
        <ManualApproval
          listed={group.join_requests !== undefined}
          busy={approve.isPending}
          onApprove={(phones) => approveSome(phones, null)}
          error={approve.error}
        />
      )}
    </section>
  );
}

function JoinRequestRow({
  request,
  busy,
  working,
  mayApprove,
  onApprove,
}: {
  request: JoinRequest;
  busy: boolean;
  working: boolean;
  mayApprove: boolean;
  onApprove: () => void;
}) {
  const number = phone(request.phone);
  return (
    <li className="flex items-center gap-2 px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="font-medium tabular-nums">{number}</p>
        <p className="text-xs text-muted">
          Asked{' '}
          <time dateTime={request.requested_at} title={exactTime(request.requested_at)}>
            {relativeTime(request.requested_at)}
          </time>
        </p>
      </div>
      {mayApprove ? (
        <Button size="sm" onClick={onApprove} disabled={busy} aria-label={`Approve ${number}`}>
          <UserPlus size={14} aria-hidden />
          {working ? 'Approving…' : 'Approve'}
        </Button>
      ) : null}
    </li>
  );
}

/** When the upstream lists no requests, an admin can still approve numbers they know asked. */
function ManualApproval({
  listed,
  busy,
  onApprove,
  error,
}: {
  listed: boolean;
  busy: boolean;
  onApprove: (phones: string[]) => void;
  error: Error | null;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { numbers, invalid } = parsePhoneList(text);
    if (invalid.length > 0) {
      setProblem(
        `Not a full international number: ${invalid.join(', ')}. Include the country code, e.g. +44 7700 900123.`,
      );
      return;
    }
    if (numbers.length === 0) {
      setProblem('Type at least one number.');
      return;
    }
    setProblem(undefined);
    onApprove(numbers);
    setText('');
  };
  const upstreamError = isApiError(error) ? (error.fieldErrors['phoneNumbers'] ?? undefined) : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <p className="text-muted">
        {listed ? 'No pending join requests.' : 'The server does not list join requests for this group.'} To
        approve someone who asked to join, type their number.
      </p>
      <Field
        label="Numbers to approve"
        error={problem ?? upstreamError}
        hint="International format, one per line or separated by commas."
      >
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="+44 7700 900123"
          />
        )}
      </Field>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          <UserPlus size={14} aria-hidden />
          Approve numbers
        </Button>
      </div>
    </form>
  );
}

function InviteLink({
  link,
  channelId,
  groupId,
}: {
  link: string | null;
  channelId: string;
  groupId: string;
}) {
  const rotate = useRotateInviteLink(channelId, groupId);
  const mayRotate = useCan()('groups.inviteLink');
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Invite link copied');
    } catch {
      notify.error('The link could not be copied', { description: 'Select the link and copy it by hand.' });
    }
  };

  const create = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(link ? 'New invite link created; the old one no longer works' : 'Invite link created');
      },
    });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-[13px] font-semibold text-muted">
        Invite link
      </h3>
      {link ? (
        <>
          <p
            data-testid="invite-link"
            className="flex items-center gap-2 rounded-md border border-border bg-bg px-2.5 py-1.5 font-mono text-xs break-all"
          >
            <Link2 size={14} aria-hidden className="shrink-0 text-muted" />
            <span>{link}</span>
          </p>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void copy()}>
              <Copy size={14} aria-hidden />
              Copy link
            </Button>
            {mayRotate ? (
              <Button size="sm" onClick={() => setConfirming(true)}>
                <RefreshCw size={14} aria-hidden />
                Rotate link
              </Button>
            ) : null}
          </div>
        </>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <p className="text-muted">This group has no invite link yet.</p>
          {mayRotate ? (
            <Button size="sm" onClick={create} disabled={rotate.isPending}>
              <Link2 size={14} aria-hidden />
              Create invite link
            </Button>
          ) : null}
          {rotate.isError ? (
            <p role="alert" className="text-xs text-danger">
              {errorText(rotate.error)}
            </p>
          ) : null}
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) rotate.reset();
        }}
        title="Rotate the invite link?"
        description="The current link stops working at once. Anyone who has it will need the new link to join."
      >
        {rotate.isError ? (
          <p role="alert" className="mb-3 text-sm text-danger">
            {errorText(rotate.error)}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="danger" onClick={create} disabled={rotate.isPending}>
            {rotate.isPending ? 'Rotating…' : 'Rotate link'}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
