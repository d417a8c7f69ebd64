import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MessageSquare, SearchX } from 'lucide-react';
import { type FormEvent, type ReactNode } from 'react';
import { ContactUpdate, type Contact } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState, errorText } from '@/components/ui/states';
import { isApiError } from '@/lib/api-error';
import { exactTime, initials, relativeTime } from '@/lib/format';
import { errorsFromApi, errorsFromSchema } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import { contactThreadsQuery, threadToOpen } from '../api/contact-threads';
import { contactQuery, useUpdateContact } from '../api/contacts';
import { emptyContactValues, updateBody, valuesFromContact } from '../contact-form-values';
import { contactName, messageTarget } from '../phone-digits';
import { ContactDetailsView } from './contact-details-view';
import { ContactFormFields } from './contact-form-fields';
import { splitErrors, useContactForm } from './use-contact-form';
import { UserText } from '@/components/ui/user-text';

const FIELDS = Object.keys(emptyContactValues());

const MESSAGE_CLASS =
  'inline-flex h-9 items-center gap-2 rounded-md bg-accent px-3.5 text-sm font-medium text-accent-fg hover:opacity-90';

/**
 * "Message" opens the contact's existing thread (the newest open one, else the newest); only a
 * contact with no thread goes to New conversation, with the number and name filled in.
 */
function MessageLink({ contact }: { contact: Contact }) {
  const threads = useQuery(contactThreadsQuery(contact));
  const target = messageTarget(contact);
  if (threads.isPending) {
    return (
      <Button variant="primary" disabled title="Looking for this contact’s conversations…">
        <MessageSquare size={16} aria-hidden />
        Message
      </Button>
    );
  }
  const existing = threads.data ? threadToOpen(threads.data) : null;
  if (existing) {
    return (
      <Link
        to="/inbox/$conversationId"
        params={{ conversationId: existing.id }}
        title={existing.status === 'open' ? 'Opens the conversation' : 'Opens the latest conversation'}
        className={MESSAGE_CLASS}
      >
        <MessageSquare size={16} aria-hidden />
        Message
      </Link>
    );
  }
  if (!target) {
    return (
      <p className="text-xs text-muted">
        To message this contact, add a mobile number with its country code.
      </p>
    );
  }
  return (
    <span className="flex flex-col items-end gap-1">
      <Link
        to="/inbox/new"
        search={{ to: target.to, name: target.name || undefined }}
        className={MESSAGE_CLASS}
      >
        <MessageSquare size={16} aria-hidden />
        Message
      </Link>
      {threads.isError ? (
        <span className="text-xs text-muted">Existing conversations could not be checked.</span>
      ) : null}
    </span>
  );
}

function ContactForm({ contact }: { contact: Contact }) {
  const form = useContactForm(() => valuesFromContact(contact));
  const update = useUpdateContact(contact.id);
  const dirty = Object.keys(updateBody(form.values, contact)).length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.setFormError(null);
    const checked = ContactUpdate.safeParse(updateBody(form.values, contact));
    if (!checked.success) {
      const split = splitErrors(errorsFromSchema(checked.error), FIELDS);
      form.setErrors(split.fields);
      if (split.rest.length) form.setFormError(split.rest.join(' '));
      return;
    }
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        form.setValues(valuesFromContact(saved));
        notify.success('Contact saved');
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
    <form onSubmit={submit} noValidate aria-label="Edit contact" className="flex flex-col gap-4">
      {form.formError ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {form.formError}
        </p>
      ) : null}
      <ContactFormFields values={form.values} errors={form.errors} onChange={form.onChange} withStatus />
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          disabled={!dirty || update.isPending}
          onClick={() => {
            form.setValues(valuesFromContact(contact));
            form.setErrors({});
            form.setFormError(null);
          }}
        >
          Discard changes
        </Button>
        <Button variant="primary" type="submit" disabled={!dirty || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/contacts/$contactId`. `customer` renders the link to the contact's customer: it belongs to the
 * customers feature, so the route passes it in.
 */
export function ContactPage({
  contactId,
  customer,
}: {
  contactId: string;
  customer?: (customerId: string) => ReactNode;
}) {
  const contact = useQuery(contactQuery(contactId));
  const can = useCan();
  if (contact.isPending) return <LoadingState label="Loading contact…" />;
  if (contact.isError) {
    if (isApiError(contact.error) && contact.error.kind === 'not-found') {
      return (
        <EmptyState title="This contact is not in this workspace" icon={<SearchX size={28} />}>
          <p>It may have been deleted, or the link belongs to another workspace.</p>
          <p className="mt-3">
            <Link to="/customers" className="text-accent underline">
              Go to customers
            </Link>
          </p>
        </EmptyState>
      );
    }
    return (
      <ErrorState
        error={contact.error}
        onRetry={() => void contact.refetch()}
        title="This contact could not be loaded"
      />
    );
  }
  const c = contact.data;
  const name = contactName(c) || 'Unnamed contact';
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-6 py-3">
        <span
          aria-hidden
          className="grid size-9 place-items-center rounded-full bg-accent-soft font-semibold text-accent"
        >
          {initials(name)}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-base font-semibold">
            <UserText>{name}</UserText>
          </h1>
          <p className="text-muted">
            <UserText>{[c.position, c.department].filter(Boolean).join(' · ')}</UserText>
            {customer ? (
              <>
                {c.position || c.department ? ' at ' : 'At '}
                {customer(c.customer_id)}
              </>
            ) : null}
          </p>
        </div>
        {c.is_primary ? <Badge tone="accent">Primary contact</Badge> : null}
        {c.status === 'inactive' ? <Badge>Inactive</Badge> : null}
        <div className="ml-auto">
          <MessageLink contact={c} />
        </div>
      </header>
      <div className="max-w-3xl p-6">
        <section
          aria-labelledby="contact-details-title"
          className="rounded-lg border border-border bg-raised p-4"
        >
          <div className="mb-3 flex items-baseline justify-between gap-2">
            <h2 id="contact-details-title" className="font-semibold">
              Contact details
            </h2>
            <span className="text-xs text-subtle">
              Added{' '}
              <time dateTime={c.created_at} title={exactTime(c.created_at)}>
                {relativeTime(c.created_at)}
              </time>
            </span>
          </div>
          {can('contacts.update') ? (
            <ContactForm key={c.id} contact={c} />
          ) : (
            <>
              {/* Said once, so a read-only page does not look broken. */}
              <p className="mb-2 text-xs text-muted">Only {whoCan('contacts.update')} can edit contacts.</p>
              <ContactDetailsView contact={c} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
