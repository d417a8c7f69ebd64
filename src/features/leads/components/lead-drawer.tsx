import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Lead, LeadStage } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Select } from '@/components/ui/field';
import { ErrorState, LoadingState, errorText } from '@/components/ui/states';
import { isApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import { leadQuery, tagsQuery } from '../api/lead-queries';
import { useReassignLead, useUpdateLead } from '../api/lead-mutations';
import {
  bodyFromForm,
  changedFields,
  checkUpdate,
  formFromLead,
  type LeadFormValues,
} from '../model/lead-form';
import { LeadActivities } from './lead-activities';
import { LeadFormFields } from './lead-form-fields';
import { ColorDot } from '@/components/ui/color-dot';
import { UserText, isolate } from '@/components/ui/user-text';

interface LeadDrawerProps {
  leadId: string;
  stages: readonly LeadStage[];
  members: readonly { id: string; name: string }[];
  onClose: () => void;
}

/** Everything about one lead, editable; opened from a card or a row (`?lead=<id>`). */
export function LeadDrawer({ leadId, stages, members, onClose }: LeadDrawerProps) {
  const query = useQuery(leadQuery(leadId));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={query.data?.name ?? 'Lead'} side>
      {query.isPending ? <LoadingState label="Loading lead…" /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <LeadDetails key={query.data.id} lead={query.data} stages={stages} members={members} />
      ) : null}
    </Dialog>
  );
}

function LeadDetails({
  lead,
  stages,
  members,
}: {
  lead: Lead;
  stages: readonly LeadStage[];
  members: LeadDrawerProps['members'];
}) {
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

function LeadEditForm({ lead, editable }: { lead: Lead; editable: boolean }) {
  const [values, setValues] = useState<LeadFormValues>(() => formFromLead(lead));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateLead(lead.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { assigned_to_user_id: _owner, ...body } = bodyFromForm(values);
    const checked = checkUpdate(changedFields(body, lead));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (Object.keys(checked.body).length === 0) return;
    update.mutate(checked.body, {
      onSuccess: (next) => notify.success(`${isolate(next.name)} saved`),
      onError: (error) => {
        const byField = isApiError(error) ? error.fieldErrors : {};
        setErrors(Object.keys(byField).length ? byField : { form: errorText(error) });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Lead details" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">Details</h3>
      {/* A disabled fieldset keeps every value readable in its place while nothing can be typed. */}
      <fieldset disabled={!editable} className="contents">
        <LeadFormFields
          values={values}
          errors={errors}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        />
      </fieldset>
      {errors.form ? (
        <p role="alert" className="text-[13px] text-danger">
          {errors.form}
        </p>
      ) : null}
      {editable ? (
        <div className="flex justify-end">
          <Button type="submit" variant="primary" size="sm" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function LeadTags({ lead, editable }: { lead: Lead; editable: boolean }) {
  const tags = useQuery(tagsQuery());
  const update = useUpdateLead(lead.id);
  const held = lead.tags ?? [];
  const byId = new Map((tags.data ?? []).map((t) => [t.id, t]));
  const setTags = (next: string[]) =>
    update.mutate(
      { tags: next },
      { onError: (error) => notify.error('Tags could not be saved', { description: errorText(error) }) },
    );

  return (
    <section aria-labelledby="lead-tags" className="flex flex-col gap-2">
      <h3 id="lead-tags" className="text-sm font-semibold">
        Tags
      </h3>
      <ul className="flex flex-wrap gap-1.5">
        {held.map((id) => {
          const tag = byId.get(id);
          const name = tag?.name ?? 'Unknown tag';
          return (
            <li
              key={id}
              className="inline-flex items-center gap-1 rounded border border-border bg-surface py-0.5 pl-2 pr-0.5 text-xs"
            >
              <ColorDot color={tag?.color} />
              <UserText>{name}</UserText>
              {editable ? (
                <button
                  type="button"
                  className="grid size-6 place-items-center rounded text-muted hover:bg-raised"
                  aria-label={`Remove tag ${name}`}
                  disabled={update.isPending}
                  onClick={() => setTags(held.filter((t) => t !== id))}
                >
                  <X size={12} aria-hidden />
                </button>
              ) : null}
            </li>
          );
        })}
        {held.length === 0 ? <li className="text-[13px] text-muted">No tags</li> : null}
      </ul>
      {editable ? (
        <div className="w-56">
          <Select
            aria-label="Add a tag"
            value=""
            disabled={!tags.data || update.isPending}
            onChange={(e) => e.target.value && setTags([...held, e.target.value])}
          >
            <option value="">Add a tag…</option>
            {(tags.data ?? [])
              .filter((t) => !held.includes(t.id))
              .map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
          </Select>
        </div>
      ) : null}
    </section>
  );
}
