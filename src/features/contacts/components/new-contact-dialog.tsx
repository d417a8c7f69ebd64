import { ContactCreate, type Contact } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Dialog } from '@/components/ui/dialog';
import { isolate } from '@/components/ui/user-text';
import { notify } from '@/lib/notify';
import { useCreateContact } from '@/data/record-creates';
import { createBody, emptyContactValues } from '../contact-form-values';
import { contactName } from '../phone-digits';
import { ContactFormFields } from './contact-form-fields';

/**
 * Creates a contact at a customer. The body is checked with the contract first (no request for an
 * invalid email); the upstream's field errors land on their fields; nothing typed is lost.
 */
export function NewContactDialog({
  customerId,
  open,
  onOpenChange,
  onCreated,
}: {
  customerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (contact: Contact) => void;
}) {
  const create = useCreateContact();
  const form = useApiForm({
    initial: emptyContactValues,
    toBody: (values) => createBody(values, customerId),
    schema: ContactCreate,
    submit: create.mutateAsync,
    onSuccess: (contact) => {
      notify.success(`${isolate(contactName(contact) || 'Contact')} added`);
      form.reset(emptyContactValues());
      onOpenChange(false);
      onCreated?.(contact);
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New contact">
      <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4" aria-label="New contact">
        <ContactFormFields values={form.values} errors={form.errors} onChange={form.setValue} />
        <FormAlert message={form.formError} />
        <FormActions
          submitLabel="Create contact"
          pending={form.pending}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
