import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryBoundary } from '@/components/query-boundary';
import { EmptyState, Skeleton } from '@/components/ui/states';
import { customerContactsQuery } from '@/data/contacts';
import { useCan } from '@/lib/permissions';
import { phone } from '@/lib/phone';
import { contactName } from '../phone-digits';
import { NewContactDialog } from './new-contact-dialog';
import { UserText } from '@/components/ui/user-text';

/** The people at a customer, primary first, with "New contact" for a role that may create one. */
export function CustomerContacts({ customerId }: { customerId: string }) {
  const can = useCan();
  const mayCreate = can('contacts.create');
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="contacts-title" className="rounded-lg border border-border bg-raised p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="contacts-title" className="font-semibold">
          Contacts
        </h2>
        {mayCreate ? (
          <Button size="sm" variant="ghost" onClick={() => setCreating(true)}>
            <Plus size={14} aria-hidden />
            New contact
          </Button>
        ) : null}
      </div>
      {mayCreate ? (
        <NewContactDialog customerId={customerId} open={creating} onOpenChange={setCreating} />
      ) : null}
      <QueryBoundary
        title="Contacts could not be loaded"
        pending={
          <div className="flex flex-col gap-2" aria-hidden>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        }
      >
        <ContactList customerId={customerId} mayCreate={mayCreate} />
      </QueryBoundary>
    </section>
  );
}

function ContactList({ customerId, mayCreate }: { customerId: string; mayCreate: boolean }) {
  const { data: contacts } = useSuspenseQuery(customerContactsQuery(customerId));
  if (contacts.length === 0) {
    return (
      <EmptyState title="No contacts yet" icon={<UserRound size={24} />}>
        {mayCreate
          ? 'Add the people you talk to at this customer.'
          : 'No one at this customer has been added yet.'}
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border">
      {contacts.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 py-2">
          <Link
            to="/contacts/$contactId"
            params={{ contactId: c.id }}
            className="inline-flex min-h-8 items-center font-medium hover:text-accent hover:underline"
          >
            <UserText>{contactName(c) || 'Unnamed contact'}</UserText>
          </Link>
          {c.is_primary ? <Badge tone="accent">Primary</Badge> : null}
          {c.status === 'inactive' ? <Badge>Inactive</Badge> : null}
          <UserText className="text-muted">{[c.position, c.department].filter(Boolean).join(' · ')}</UserText>
          <span className="ml-auto flex flex-wrap gap-x-3 text-muted tabular-nums">
            {c.mobile || c.phone ? <span>{phone(c.mobile || c.phone)}</span> : null}
            {c.email ? <span>{c.email}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
