import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { LeadStage } from '@/contract';
import { QueryBoundary } from '@/components/query-boundary';
import { RemindMeMenu } from '@/components/reminders/remind-me-menu';
import { Dialog } from '@/components/ui/dialog';
import { Field, Select } from '@/components/ui/field';
import { LoadingState, errorText } from '@/components/ui/states';
import { UserText, isolate } from '@/components/ui/user-text';
import { leadQuery } from '@/data/leads';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import { useReassignLead, useUpdateLead } from '../api/lead-mutations';
import { LeadActivities } from './lead-activities';
import { LeadEditForm } from './lead-edit-form';
import { LeadTags } from './lead-tags';

interface LeadDrawerProps {
  leadId: string;
  stages: readonly LeadStage[];
  members: readonly { id: string; name: string }[];
  onClose: () => void;
}

/** Everything about one lead, editable; opened from a card or a row (`?lead=<id>`). */
export function LeadDrawer({ leadId, stages, members, onClose }: LeadDrawerProps) {
  // The title does not wait: it says "Lead" until the name is known.
  const title = useQuery(leadQuery(leadId)).data?.name ?? 'Lead';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} side>
      <QueryBoundary title="This lead could not be loaded" pending={<LoadingState label="Loading lead…" />}>
        <LeadDetails key={leadId} leadId={leadId} stages={stages} members={members} />
      </QueryBoundary>
    </Dialog>
  );
}

function LeadDetails({
  leadId,
  stages,
  members,
}: {
  leadId: string;
  stages: readonly LeadStage[];
  members: LeadDrawerProps['members'];
}) {
  const { data: lead } = useSuspenseQuery(leadQuery(leadId));
  const update = useUpdateLead(lead.id);
  const reassign = useReassignLead(lead.id);
  const matched = stages.some((s) => s.key === lead.status);
  const can = useCan();
  const mayEdit = can('leads.update');
  const mayReassign = can('leads.reassign');
  const stageName = stages.find((s) => s.key === lead.status)?.name ?? lead.status;
  const ownerName = lead.assigned_to_user_id
    ? (members.find((m) => m.id === lead.assigned_to_user_id)?.name ?? 'A team member')
    : 'Unassigned';

  const moveTo = (status: string) =>
    update.mutate(
      { status },
      {
        onSuccess: (next) =>
          notify.success(
            `${isolate(next.name)} moved to ${isolate(stages.find((s) => s.key === status)?.name ?? status)}`,
          ),
        onError: (error) => notify.error('The stage could not be changed', { description: errorText(error) }),
      },
    );
  const reassignTo = (userId: string) =>
    reassign.mutate(userId, {
      onSuccess: (next) =>
        notify.success(
          `${isolate(next.name)} reassigned to ${isolate(members.find((m) => m.id === userId)?.name ?? 'a team member')}`,
        ),
      onError: (error) => notify.error('The lead could not be reassigned', { description: errorText(error) }),
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex justify-end">
        <RemindMeMenu kind="lead" targetId={lead.id} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        {mayEdit ? (
          <Field label="Stage" hint={matched ? undefined : `Its status "${lead.status}" matches no stage.`}>
            {(props) => (
              <Select
                {...props}
                value={matched ? lead.status : ''}
                onChange={(e) => e.target.value && moveTo(e.target.value)}
                disabled={update.isPending}
              >
                {matched ? null : <option value="">Choose a stage</option>}
                {stages.map((s) => (
                  <option key={s.id} value={s.key}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <ReadOnlyValue label="Stage" value={stageName} />
        )}
        {mayReassign ? (
          <Field label="Owner">
            {(props) => (
              <Select
                {...props}
                value={lead.assigned_to_user_id ?? ''}
                onChange={(e) => e.target.value && reassignTo(e.target.value)}
                disabled={reassign.isPending}
              >
                {lead.assigned_to_user_id ? null : <option value="">Unassigned</option>}
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <ReadOnlyValue label="Owner" value={ownerName} />
        )}
      </div>
      {mayEdit ? null : (
        // Said once, so a read-only drawer does not look broken.
        <p className="-mt-3 text-xs text-muted">Only {whoCan('leads.update')} can edit leads.</p>
      )}
      <LeadTags lead={lead} editable={mayEdit} />
      <LeadEditForm lead={lead} editable={mayEdit} />
      <LeadActivities leadId={lead.id} />
    </div>
  );
}

/** A value the role may read but not change, laid out like the field it stands in for. */
function ReadOnlyValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-[13px] font-medium text-muted">{label}</span>
      <span className="truncate text-sm">
        <UserText>{value}</UserText>
      </span>
    </div>
  );
}
