import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { Group, JoinRequest } from '@/contract';
import { Button } from '@/components/ui/button';
import { errorText } from '@/components/ui/states';
import { TimeAgo } from '@/components/ui/time-labels';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { phone } from '@/lib/phone';
import { whoCan } from '@/lib/who-can';
import { useApproveJoinRequests } from '../api/groups';
import { ManualApproval } from './group-manual-approval';

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

/** The group's pending join requests, one by one or all at once; numbers typed by hand when none are listed. */
export function JoinRequests({
  group,
  channelId,
  groupId,
}: {
  group: Group;
  channelId: string;
  groupId: string;
}) {
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
          Asked <TimeAgo iso={request.requested_at} />
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
