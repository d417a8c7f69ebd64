import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/components/ui/states';
import { isApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useCreateLead } from '../api/lead-mutations';
import { bodyFromForm, checkCreate, emptyLeadForm, type LeadFormValues } from '../model/lead-form';
import { LeadFormFields } from './lead-form-fields';
import { isolate } from '@/components/ui/user-text';

interface NewLeadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  members: readonly { id: string; name: string }[];
  defaultStageName: string | undefined;
}

/** A new lead, checked with the contract before it is sent; it lands in the default stage. */
export function NewLeadDialog({ open, onOpenChange, members, defaultStageName }: NewLeadDialogProps) {
  const [values, setValues] = useState<LeadFormValues>(emptyLeadForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateLead();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCreate(bodyFromForm(values));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    create.mutate(checked.body, {
      onSuccess: (lead) => {
        notify.success(
          `Lead ${isolate(lead.name)} created`,
          defaultStageName ? { description: `It is in ${defaultStageName}.` } : undefined,
        );
        setValues(emptyLeadForm);
        onOpenChange(false);
      },
      onError: (error) => {
        // The form keeps what was typed; the upstream's field errors go on their fields.
        const byField = isApiError(error) ? error.fieldErrors : {};
        setErrors(byField);
        setFailure(Object.keys(byField).length ? null : errorText(error));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New lead"
      description={defaultStageName ? `New leads start in ${defaultStageName}.` : undefined}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <LeadFormFields
          values={values}
          errors={errors}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
          members={members}
        />
        {failure ? (
          <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-[13px] text-danger">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create lead'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
