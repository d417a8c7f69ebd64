import { type FormEvent } from 'react';
import { ContactCreate, type Contact } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/components/ui/states';
import { errorsFromApi, errorsFromSchema } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateContact } from '../api/contacts';
import { createBody, emptyContactValues } from '../contact-form-values';
import { contactName } from '../phone-digits';
import { ContactFormFields } from './contact-form-fields';
import { splitErrors, useContactForm } from './use-contact-form';
import { isolate } from '@/components/ui/user-text';

const FIELDS = Object.keys(emptyContactValues());

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
  const form = useContactForm(emptyContactValues);
  const create = useCreateContact();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.setFormError(null);
    const checked = ContactCreate.safeParse(createBody(form.values, customerId));
    if (!checked.success) {
      const split = splitErrors(errorsFromSchema(checked.error), FIELDS);
      form.setErrors(split.fields);
      if (split.rest.length) form.setFormError(split.rest.join(' '));
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (contact) => {
        notify.success(`${isolate(contactName(contact) || 'Contact')} added`);
        form.setValues(emptyContactValues());
        form.setErrors({});
        onOpenChange(false);
        onCreated?.(contact);
      },
      onError: (error) => {
        const split = splitErrors(errorsFromApi(error), FIELDS);
        form.setErrors(split.fields);
        const hasFieldErrors = Object.keys(split.fields).length > 0;
        form.setFormError(
          split.rest.length
            ? split.rest.join(' ')
            : hasFieldErrors
              ? 'Some fields need attention.'
              : errorText(error),
        );
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New contact">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="New contact">
        {form.formError ? (
          <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
            {form.formError}
          </p>
        ) : null}
        <ContactFormFields values={form.values} errors={form.errors} onChange={form.onChange} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Create contact'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
