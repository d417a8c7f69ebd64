import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Plus, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Conversation } from '@/contract';
import { QueryBoundary } from '@/components/query-boundary';
import { Skeleton, errorText } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { Button } from '@/components/ui/button';
import { contactQuery, threadContactQuery } from '@/data/contacts';
import { useCan } from '@/lib/permissions';
import { customerQuery } from '@/data/customers';
import { leadStagesQuery } from '@/data/lead-stages';
import { leadQuery } from '@/data/leads';
import { money } from '@/lib/format';
import { phone } from '@/lib/phone';
import { contactName } from '@/contract';
import { AddContactDialog } from './add-contact-dialog';
import { GroupPanel } from './group-panel';
import { ThreadLeadDialog } from './thread-lead-dialog';

// Loaded lazily with the context panel: phone formatting metadata stays out of the first screen.
// Each section reads the shared caches, so an edit made on the customer or lead page shows here too.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1 border-b border-border px-4 py-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">{title}</h3>
      <QueryBoundary
        title={`The ${title.toLowerCase()} could not be loaded`}
        pending={
          <div className="flex flex-col gap-2" role="status" aria-label="Loading">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        }
        failure={(error) => (
          <p role="alert" className="text-[13px] text-muted">
            The {title.toLowerCase()} could not be loaded. {errorText(error)}
          </p>
        )}
      >
        {children}
      </QueryBoundary>
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className="grid grid-cols-[6rem_1fr] gap-2 text-[13px]">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">
        {typeof value === 'string' ? <UserText>{value}</UserText> : value}
      </dd>
    </div>
  );
}

function ContactRows({ id }: { id: string }) {
  const { data: contact } = useSuspenseQuery(contactQuery(id));
  return (
    <dl className="flex flex-col gap-1">
      <Row label="Name" value={contactName(contact)} />
      <Row label="Mobile" value={phone(contact.mobile)} />
      <Row label="Phone" value={phone(contact.phone)} />
      <Row label="Email" value={contact.email} />
      <Row label="Position" value={contact.position} />
    </dl>
  );
}

function CustomerRows({ id }: { id: string }) {
  const { data: customer } = useSuspenseQuery(customerQuery(id));
  return (
    <dl className="flex flex-col gap-1">
      <Row label="Name" value={customer.name} />
      <Row label="Company" value={customer.company_name} />
      <Row label="Status" value={customer.status} />
      <Row label="Industry" value={customer.industry} />
    </dl>
  );
}

function LeadRows({ id }: { id: string }) {
  const { data: lead } = useSuspenseQuery(leadQuery(id));
  const { data: stages } = useSuspenseQuery(leadStagesQuery());
  // A lead's status is a stage key: show the stage's name, or the key when no stage has it.
  const stageName = stages.find((stage) => stage.key === lead.status)?.name ?? lead.status;
  return (
    <dl className="flex flex-col gap-1">
      <Row label="Name" value={lead.name} />
      <Row label="Stage" value={stageName} />
      <Row label="Priority" value={lead.priority} />
      <Row label="Value" value={money(lead.value, lead.currency)} />
    </dl>
  );
}

/**
 * A thread nobody linked: the CRM contact on its number when there is one (with their customer),
 * else a way forward (issue 36.5): add the person to the CRM, or create a lead, prefilled.
 */
function UnlinkedPanel({ conversation, name }: { conversation: Conversation; name: string }) {
  const onThread = useQuery(threadContactQuery(conversation.id)).data;
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const [leading, setLeading] = useState(false);
  const mayAdd = can('contacts.create') && can('customers.create');
  const mayLead = can('leads.create');
  return (
    <div>
      {onThread ? (
        <>
          <Section title="Contact">
            <ContactRows id={onThread.contact.id} />
            <p className="text-xs text-muted">Found by the thread’s number.</p>
          </Section>
          {onThread.customer ? (
            <Section title="Customer">
              <CustomerRows id={onThread.customer.id} />
            </Section>
          ) : null}
        </>
      ) : (
        <section className="flex flex-col gap-2 border-b border-border px-4 py-3">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">Contact</h3>
          <p className="text-[13px] text-muted">
            {mayAdd
              ? 'This person is not in the CRM yet.'
              : 'This person is not in the CRM yet. A manager can add them.'}
          </p>
          <dl>
            <Row label="Platform id" value={conversation.external_thread_id} />
          </dl>
          {mayAdd ? (
            <Button size="sm" variant="primary" className="self-start" onClick={() => setAdding(true)}>
              <UserPlus size={14} aria-hidden />
              Add to the CRM
            </Button>
          ) : null}
        </section>
      )}
      {mayLead ? (
        <section className="flex flex-col gap-2 border-b border-border px-4 py-3">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">Lead</h3>
          <Button size="sm" className="self-start" onClick={() => setLeading(true)}>
            <Plus size={14} aria-hidden />
            Create lead
          </Button>
        </section>
      ) : null}
      {adding ? (
        <AddContactDialog conversation={conversation} name={name} open onOpenChange={setAdding} />
      ) : null}
      {leading ? (
        <ThreadLeadDialog conversation={conversation} name={name} open onOpenChange={setLeading} />
      ) : null}
    </div>
  );
}

/** Who this is: the group, or the contact with their customer and lead. */
export default function ContextPanel({ conversation, name }: { conversation: Conversation; name: string }) {
  if (conversation.is_group) return <GroupPanel conversation={conversation} />;
  const { contact_id, customer_id, lead_id } = conversation;
  if (!contact_id && !customer_id && !lead_id)
    return <UnlinkedPanel conversation={conversation} name={name} />;
  return (
    <div>
      {contact_id ? (
        <Section title="Contact">
          <ContactRows id={contact_id} />
        </Section>
      ) : null}
      {customer_id ? (
        <Section title="Customer">
          <CustomerRows id={customer_id} />
        </Section>
      ) : null}
      {lead_id ? (
        <Section title="Lead">
          <LeadRows id={lead_id} />
        </Section>
      ) : null}
    </div>
  );
}
