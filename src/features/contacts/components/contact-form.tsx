import { ContactUpdate, type Contact } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { notify } from '@/lib/notify';
import { useUpdateContact } from '../api/contacts';
import { updateBody, valuesFromContact } from '../contact-form-values';
import { ContactFormFields } from './contact-form-fields';

/** The contact's details, edited in place; only what changed is sent. */
export function ContactForm({ contact }: { contact: Contact }) {
  const update = useUpdateContact(contact.id);
  const form = useApiForm({
    initial: () => valuesFromContact(contact),
    toBody: (values) => updateBody(values, contact),
    schema: ContactUpdate,
    submit: update.mutateAsync,
    onSuccess: (saved) => {
      form.reset(valuesFromContact(saved));
      notify.success('Contact saved');
    },
  });
  const dirty = Object.keys(updateBody(form.values, contact)).length > 0;

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Edit contact" className="flex flex-col gap-4">
      <ContactFormFields values={form.values} errors={form.errors} onChange={form.setValue} withStatus />
      <FormAlert message={form.formError} />
      <FormActions
        submitLabel="Save changes"
        pending={form.pending}
        submitDisabled={!dirty}
        onCancel={() => form.reset(valuesFromContact(contact))}
        cancelLabel="Discard changes"
        cancelDisabled={!dirty}
      />
    </form>
  );
}
