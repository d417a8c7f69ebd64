import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { UserText } from '@/components/ui/user-text';
import { RecordThreads } from '@/components/record-threads';
import { contactQuery } from '@/data/contacts';
import { contactScreenQuery } from '@/data/record-screens';
import { initials } from '@/lib/format';
import { TimeAgo } from '@/components/ui/time-labels';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import { contactName } from '../phone-digits';
import { ContactDetailsView } from './contact-details-view';
import { ContactForm } from './contact-form';
import { MessageLink } from './message-link';
import { useScrollMemory } from '@/lib/use-scroll-memory';

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
  const { data: c } = useSuspenseQuery(contactQuery(contactId));
  // The contact's threads come with the page's screen read (the loader waited for it).
  const { data: screen } = useSuspenseQuery(contactScreenQuery(contactId));
  const can = useCan();
  const name = contactName(c) || 'Unnamed contact';
  const scrollRef = useScrollMemory<HTMLDivElement>(`contact ${contactId}`);
  return (
    <div ref={scrollRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto">
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
          <MessageLink contact={c} threads={screen.threads} />
        </div>
      </header>
      <div className="flex max-w-3xl flex-col gap-4 p-6">
        <section
          aria-labelledby="contact-details-title"
          className="rounded-lg border border-border bg-raised p-4"
        >
          <div className="mb-3 flex items-baseline justify-between gap-2">
            <h2 id="contact-details-title" className="font-semibold">
              Contact details
            </h2>
            <span className="text-xs text-subtle">
              Added <TimeAgo iso={c.created_at} />
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
        <section
          aria-labelledby="contact-threads-title"
          className="rounded-lg border border-border bg-raised p-4"
        >
          <h2 id="contact-threads-title" className="mb-2 font-semibold">
            Conversations
          </h2>
          <RecordThreads
            threads={screen.threads}
            total={screen.threadTotal}
            empty="No conversation with this contact yet."
          />
        </section>
      </div>
    </div>
  );
}
