import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ContactCreate, threadNumber, toE164Digits, type Conversation, type Customer } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { SearchBox } from '@/components/ui/search-box';
import { UserText, isolate } from '@/components/ui/user-text';
import { customerListQuery } from '@/data/customers';
import { useCreateContact, useCreateCustomer } from '@/data/record-creates';
import { setThreadContact } from '@/data/thread-screen';
import { notify } from '@/lib/notify';

// "Add to the CRM" from a thread nobody linked (issue 36.5): the person's name and number come from
// the thread; they join a new customer of their own (an individual, by default) or one that exists.
// The thread is theirs by its number (contact-links.ts), so the panel shows them at once.

interface Values {
  first_name: string;
  last_name: string;
  mobile: string;
  email: string;
  /** The new customer's name (when no existing one is chosen). */
  customer_name: string;
}

/** One radio choice with its words. */
function Option({
  name,
  checked,
  onChoose,
  children,
}: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name={name} checked={checked} onChange={onChoose} />
      {children}
    </label>
  );
}

/** A placeholder until the customer exists: the contract checks the rest of the body first. */
const NOT_YET = '00000000-0000-4000-8000-000000000000';

/** A dialog opened from a thread's panel, about who the thread is with. */
export interface ThreadDialogProps {
  conversation: Conversation;
  /** The name the thread shows (the contact's own, from their messages). */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddContactDialog({ conversation, name, open, onOpenChange }: ThreadDialogProps) {
  const queryClient = useQueryClient();
  const createCustomer = useCreateCustomer();
  const createContact = useCreateContact();
  // An existing customer picked; the new one made by an earlier try (never made twice).
  const [picked, setPicked] = useState<Customer | null>(null);
  const [made, setMade] = useState<Customer | null>(null);
  const [choice, setChoice] = useState<'new' | 'existing'>('new');
  const [search, setSearch] = useState('');
  const found = useQuery({
    ...customerListQuery({ search, page: 1, limit: 5 }),
    enabled: choice === 'existing' && search !== '',
  });
  const digits = threadNumber(conversation);
  // A thread named by its number (the contact never gave a name) suggests no name.
  const [first = '', ...rest] = digits && name.replace(/\D/g, '') === digits ? [] : name.trim().split(/\s+/);
  const form = useApiForm({
    initial: (): Values => ({
      first_name: first,
      last_name: rest.join(' '),
      mobile: digits ? `+${digits}` : '',
      email: '',
      customer_name: '',
    }),
    toBody: (v) => ({
      customer_id: (choice === 'existing' ? picked : made)?.id ?? NOT_YET,
      ...(v.first_name.trim() ? { first_name: v.first_name.trim() } : {}),
      ...(v.last_name.trim() ? { last_name: v.last_name.trim() } : {}),
      ...(v.mobile.trim() ? { mobile: toE164Digits(v.mobile) ?? v.mobile.trim() } : {}),
      ...(v.email.trim() ? { email: v.email.trim() } : {}),
      is_primary: true,
    }),
    schema: ContactCreate,
    check: (v) => ({
      ...(!v.first_name.trim() && !v.last_name.trim() ? { first_name: 'Give the person a name' } : {}),
      ...(choice === 'existing' && !picked ? { customer_name: 'Choose the customer they belong to' } : {}),
    }),
    submit: async (body) => {
      let owner = choice === 'existing' ? picked : made;
      if (!owner) {
        const fullName = [form.values.first_name, form.values.last_name]
          .map((s) => s.trim())
          .join(' ')
          .trim();
        owner = await createCustomer.mutateAsync({
          name: form.values.customer_name.trim() || fullName,
          customer_type: 'individual',
        });
        // A failure after this point does not make a second customer on the next try.
        setMade(owner);
      }
      const contact = await createContact.mutateAsync({ ...body, customer_id: owner.id });
      return { contact, customer: owner };
    },
    onSuccess: (added) => {
      setThreadContact(queryClient, conversation.id, added);
      notify.success(`${isolate(added.contact.first_name ?? 'The contact')} is in the CRM`, {
        description: `At ${isolate(added.customer.name)}; this thread is theirs by its number.`,
      });
      onOpenChange(false);
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add to the CRM">
      <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4" aria-label="Add to the CRM">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {(['first_name', 'last_name', 'mobile', 'email'] as const).map((key) => (
            <Field
              key={key}
              label={
                { first_name: 'First name', last_name: 'Last name', mobile: 'Mobile', email: 'Email' }[key]
              }
              error={form.errors[key]}
            >
              {(props) => (
                <Input
                  {...props}
                  type={key === 'email' ? 'email' : key === 'mobile' ? 'tel' : 'text'}
                  autoComplete="off"
                  value={form.values[key]}
                  onChange={(e) => form.setValue(key, e.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-[13px] font-medium text-muted">Customer</legend>
          <Option name="customer" checked={choice === 'new'} onChoose={() => setChoice('new')}>
            A new customer of their own
          </Option>
          {choice === 'new' ? (
            <Field
              label="Customer name"
              error={form.errors.customer_name}
              hint="Their own name when left blank"
            >
              {(props) => (
                <Input
                  {...props}
                  value={form.values.customer_name}
                  onChange={(e) => form.setValue('customer_name', e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Option name="customer" checked={choice === 'existing'} onChoose={() => setChoice('existing')}>
            A customer already in the CRM
          </Option>
          {choice === 'existing' ? (
            <div className="flex flex-col gap-2">
              <SearchBox
                value={search}
                onSearch={setSearch}
                label="Find a customer"
                placeholder="Name, company, email"
              />
              {form.errors.customer_name ? (
                <p className="text-xs text-danger">{form.errors.customer_name}</p>
              ) : null}
              {found.data ? (
                found.data.customers.length === 0 ? (
                  <p className="text-[13px] text-muted">No customer matches.</p>
                ) : (
                  <div role="radiogroup" aria-label="Customers found" className="flex flex-col gap-1">
                    {found.data.customers.map((c) => (
                      <Option
                        key={c.id}
                        name="existing"
                        checked={picked?.id === c.id}
                        onChoose={() => setPicked(c)}
                      >
                        <UserText>{c.name}</UserText>
                        {c.company_name ? (
                          <span className="text-xs text-muted">
                            <UserText>{c.company_name}</UserText>
                          </span>
                        ) : null}
                      </Option>
                    ))}
                  </div>
                )
              ) : null}
            </div>
          ) : null}
        </fieldset>
        <FormAlert message={form.formError} />
        <FormActions
          submitLabel="Add to the CRM"
          pending={form.pending}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
