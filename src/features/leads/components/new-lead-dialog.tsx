import { LeadCreate } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Dialog } from '@/components/ui/dialog';
import { isolate } from '@/components/ui/user-text';
import { notify } from '@/lib/notify';
import { useCreateLead } from '@/data/record-creates';
import { bodyFromForm, emptyLeadForm } from '../model/lead-form';
import { LeadFormFields } from './lead-form-fields';

interface NewLeadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  members: readonly { id: string; name: string }[];
  defaultStageName: string | undefined;
}

/** A new lead, checked with the contract before it is sent; it lands in the default stage. */
export function NewLeadDialog({ open, onOpenChange, members, defaultStageName }: NewLeadDialogProps) {
  const create = useCreateLead();
  const form = useApiForm({
    initial: emptyLeadForm,
    toBody: bodyFromForm,
    schema: LeadCreate,
    submit: create.mutateAsync,
    onSuccess: (lead) => {
      notify.success(
        `Lead ${isolate(lead.name)} created`,
        defaultStageName ? { description: `It is in ${defaultStageName}.` } : undefined,
      );
      form.reset(emptyLeadForm);
      onOpenChange(false);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New lead"
      description={defaultStageName ? `New leads start in ${defaultStageName}.` : undefined}
    >
      <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
        <LeadFormFields
          values={form.values}
          errors={form.errors}
          onChange={form.setValue}
          members={members}
        />
        <FormAlert message={form.formError} />
        <FormActions
          submitLabel="Create lead"
          pendingLabel="Creating…"
          pending={form.pending}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
