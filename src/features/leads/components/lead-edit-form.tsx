import { LeadUpdate, type Lead } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { isolate } from '@/components/ui/user-text';
import { notify } from '@/lib/notify';
import { useUpdateLead } from '../api/lead-mutations';
import { bodyFromForm, changedFields, formFromLead } from '../model/lead-form';
import { LeadFormFields } from './lead-form-fields';

/** The lead's fields; only what changed is sent (the owner has its own control above). */
export function LeadEditForm({ lead, editable }: { lead: Lead; editable: boolean }) {
  const update = useUpdateLead(lead.id);
  const form = useApiForm({
    initial: () => formFromLead(lead),
    toBody: (values) => {
      const { assigned_to_user_id: _owner, ...body } = bodyFromForm(values);
      return changedFields(body, lead);
    },
    schema: LeadUpdate,
    submit: update.mutateAsync,
    onUnchanged: () => undefined,
    onSuccess: (next) => notify.success(`${isolate(next.name)} saved`),
  });

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Lead details" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">Details</h3>
      {/* A disabled fieldset keeps every value readable in its place while nothing can be typed. */}
      <fieldset disabled={!editable} className="contents">
        <LeadFormFields values={form.values} errors={form.errors} onChange={form.setValue} />
      </fieldset>
      <FormAlert message={form.formError} />
      {editable ? <FormActions submitLabel="Save changes" pending={form.pending} size="sm" /> : null}
    </form>
  );
}
