import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Conversation } from '@/contract';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { callApi } from '@/lib/api-client';
import { money } from '@/lib/format';
import { leadStagesQuery } from '@/lib/lead-stages-query';
import { phone } from '@/lib/phone';
import { contactQuery } from '../api/conversations';
import { contactName } from '../thread-names';
import { GroupPanel } from './group-panel';
import { UserText } from '@/components/ui/user-text';

// Loaded lazily with the context panel: phone formatting metadata stays out of the first screen.

// Own keys: the customers and leads features may keep other shapes under theirs.
const customerQuery = (id: string) =>
  queryOptions({
    queryKey: ['inbox-context', 'customer', id] as const,
    queryFn: ({ signal }) => callApi('customers.get', { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });
const leadQuery = (id: string) =>
  queryOptions({
    queryKey: ['inbox-context', 'lead', id] as const,
    queryFn: ({ signal }) => callApi('leads.get', { params: { id }, signal }),
    staleTime: 60_000,
  });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1 border-b border-border px-4 py-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-subtle">{title}</h3>
      {children}
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

function Loading() {
  return (
    <div className="flex flex-col gap-2" role="status" aria-label="Loading">
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}

function ContactSection({ id }: { id: string }) {
  const contact = useQuery(contactQuery(id));
  return (
    <Section title="Contact">
      {contact.isPending ? (
        <Loading />
      ) : contact.isError ? (
        <ErrorState error={contact.error} title="The contact could not be loaded" />
      ) : (
        <dl className="flex flex-col gap-1">
          <Row label="Name" value={contactName(contact.data)} />
          <Row label="Mobile" value={phone(contact.data.mobile)} />
          <Row label="Phone" value={phone(contact.data.phone)} />
          <Row label="Email" value={contact.data.email} />
          <Row label="Position" value={contact.data.position} />
        </dl>
      )}
    </Section>
  );
}

function CustomerSection({ id }: { id: string }) {
  const customer = useQuery(customerQuery(id));
  return (
    <Section title="Customer">
      {customer.isPending ? (
        <Loading />
      ) : customer.isError ? (
        <ErrorState error={customer.error} title="The customer could not be loaded" />
      ) : (
        <dl className="flex flex-col gap-1">
          <Row label="Name" value={customer.data.name} />
          <Row label="Company" value={customer.data.company_name} />
          <Row label="Status" value={customer.data.status} />
          <Row label="Industry" value={customer.data.industry} />
        </dl>
      )}
    </Section>
  );
}

function LeadSection({ id }: { id: string }) {
  const lead = useQuery(leadQuery(id));
  const stages = useQuery(leadStagesQuery());
  // A lead's status is a stage key: show the stage's name, or the key while unknown.
  const stageName = (key: string | null | undefined) =>
    stages.data?.find((stage) => stage.key === key)?.name ?? key;
  return (
    <Section title="Lead">
      {lead.isPending ? (
        <Loading />
      ) : lead.isError ? (
        <ErrorState error={lead.error} title="The lead could not be loaded" />
      ) : (
        <dl className="flex flex-col gap-1">
          <Row label="Name" value={lead.data.name} />
          <Row label="Stage" value={stageName(lead.data.status)} />
          <Row label="Priority" value={lead.data.priority} />
          <Row label="Value" value={money(lead.data.value, lead.data.currency)} />
        </dl>
      )}
    </Section>
  );
}

/** Who this is: the group, or the contact with their customer and lead. */
export default function ContextPanel({ conversation }: { conversation: Conversation }) {
  if (conversation.is_group) return <GroupPanel conversation={conversation} />;
  const { contact_id, customer_id, lead_id } = conversation;
  if (!contact_id && !customer_id && !lead_id) {
    return (
      <Section title="Contact">
        <p className="text-[13px] text-muted">This person is not linked to a CRM contact yet.</p>
        <dl>
          <Row label="Platform id" value={conversation.external_thread_id} />
        </dl>
      </Section>
    );
  }
  return (
    <div>
      {contact_id ? <ContactSection id={contact_id} /> : null}
      {customer_id ? <CustomerSection id={customer_id} /> : null}
      {lead_id ? <LeadSection id={lead_id} /> : null}
    </div>
  );
}
