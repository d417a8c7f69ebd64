import { useQuery } from '@tanstack/react-query';
import { LeadCreate, contactName, threadNumber } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { isolate } from '@/components/ui/user-text';
import { threadContactQuery } from '@/data/contacts';
import { useCreateLead } from '@/data/record-creates';
import { meQuery } from '@/data/session';
import { notify } from '@/lib/notify';
import type { ThreadDialogProps } from './add-contact-dialog';

// "Create lead" from a thread (issue 36.5), as Chatwoot and HubSpot offer: prefilled from who the
// thread is with (the CRM contact on its number, else the name and number the thread shows), owned
// by whoever creates it. The CRM links no lead to a thread: the lead is found by the customer's
// name on the customer's page, as every lead is.

interface Values {
  name: string;
  email: string;
  phone: string;
  company_name: string;
  value: string;
}

export function ThreadLeadDialog({ conversation, name, open, onOpenChange }: ThreadDialogProps) {
  const create = useCreateLead();
  const me = useQuery(meQuery()).data;
  const onThread = useQuery(threadContactQuery(conversation.id)).data;
  const digits = threadNumber(conversation);
  const form = useApiForm({
    initial: (): Values => ({
      name: (onThread && contactName(onThread.contact)) || name,
      email: onThread?.contact.email ?? '',
      phone: digits ? `+${digits}` : '',
      company_name: onThread?.customer?.company_name ?? '',
      value: '',
    }),
    toBody: (v) => ({
      name: v.name.trim(),
      ...(v.email.trim() ? { email: v.email.trim() } : {}),
      ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
      ...(v.company_name.trim() ? { company_name: v.company_name.trim() } : {}),
      ...(v.value.trim() ? { value: Number(v.value) } : {}),
      ...(me ? { assigned_to_user_id: me.upstreamUserId } : {}),
      source: 'Inbox',
    }),
    schema: LeadCreate,
    submit: create.mutateAsync,
    onSuccess: (lead) => {
      notify.success(`Lead ${isolate(lead.name)} created`, {
        description: 'It is on the board, in its first stage.',
      });
      onOpenChange(false);
    },
  });
  const field = (key: keyof Values, label: string, type = 'text') => (
    <Field label={label} error={form.errors[key]}>
      {(props) => (
        <Input
          {...props}
          type={type}
          inputMode={key === 'value' ? 'decimal' : undefined}
          autoComplete="off"
          value={form.values[key]}
          onChange={(e) => form.setValue(key, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create lead">
      <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4" aria-label="Create lead">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {field('name', 'Lead name')}
          {field('company_name', 'Company')}
          {field('email', 'Email', 'email')}
          {field('phone', 'Phone', 'tel')}
          {field('value', 'Value')}
        </div>
        <FormAlert message={form.formError} />
        <FormActions submitLabel="Create lead" pending={form.pending} onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
