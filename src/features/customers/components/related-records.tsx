import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Customer } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { Skeleton, errorText } from '@/components/ui/states';
import { money, relativeTime } from '@/lib/format';
import { phone } from '@/lib/phone';
import { leadStagesQuery } from '@/lib/lead-stages-query';
import { stageByKey } from '@/lib/lead-stages';
import { relatedConversationsQuery, relatedLeadsQuery } from '../api/related';
import { UserText } from '@/components/ui/user-text';

function Loading() {
  return (
    <div className="flex flex-col gap-1.5" aria-hidden>
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}

function RelatedLeads({ term }: { term: string }) {
  const leads = useQuery(relatedLeadsQuery(term));
  // Stage names by key; a key no stage holds shows as the key itself.
  const stages = useQuery(leadStagesQuery());
  const byKey = stageByKey(stages.data ?? []);
  if (leads.isPending) return <Loading />;
  if (leads.isError)
    return <p className="text-muted">Leads could not be searched. {errorText(leads.error)}</p>;
  if (leads.data.data.length === 0) return <p className="text-muted">No leads mention “{term}”.</p>;
  return (
    <ul className="flex flex-col gap-1">
      {leads.data.data.map((lead) => (
        <li key={lead.id} className="flex items-center justify-between gap-2">
          <Link
            to="/leads"
            search={{ lead: lead.id }}
            className="inline-flex min-h-8 min-w-0 items-center truncate hover:text-accent hover:underline"
          >
            <UserText>{lead.name}</UserText>
          </Link>
          <span className="flex shrink-0 items-center gap-2 text-muted tabular-nums">
            {money(lead.value, lead.currency)}
            <Badge>{byKey.get(lead.status)?.name ?? lead.status}</Badge>
          </span>
        </li>
      ))}
      {leads.data.total > leads.data.data.length ? (
        <li className="text-xs text-subtle">and {leads.data.total - leads.data.data.length} more</li>
      ) : null}
    </ul>
  );
}

function RelatedConversations({ term, customerId }: { term: string; customerId: string }) {
  const conversations = useQuery(relatedConversationsQuery(term));
  if (conversations.isPending) return <Loading />;
  if (conversations.isError)
    return (
      <p className="text-muted">Conversations could not be searched. {errorText(conversations.error)}</p>
    );
  if (conversations.data.data.length === 0)
    return <p className="text-muted">No conversations mention “{term}”.</p>;
  return (
    <ul className="flex flex-col gap-1">
      {conversations.data.data.map((c) => (
        <li key={c.id} className="flex items-center justify-between gap-2">
          <span className="flex min-w-0 items-center gap-2">
            <Link
              to="/inbox/$conversationId"
              params={{ conversationId: c.id }}
              search={{ status: c.status }}
              className="inline-flex min-h-8 min-w-0 items-center truncate hover:text-accent hover:underline"
            >
              <UserText>{c.group_subject || phone(c.external_thread_id)}</UserText>
            </Link>
            {c.customer_id === customerId ? <Badge tone="accent">Linked</Badge> : null}
          </span>
          <span className="shrink-0 text-muted">
            {c.status} · {relativeTime(c.last_message_at)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Leads and conversations found by the customer's name. The API links neither to a customer
 * reliably, so these are text matches and say so.
 */
export function RelatedRecords({ customer }: { customer: Customer }) {
  const leadTerm = (customer.company_name || customer.name).trim();
  const conversationTerm = customer.name.trim();
  return (
    <section aria-labelledby="related-title" className="rounded-lg border border-border bg-raised p-4">
      <h2 id="related-title" className="font-semibold">
        Possibly related
      </h2>
      <p className="mb-3 text-xs text-subtle">
        Found by name, not linked in the CRM: check before relying on them.
      </p>
      <h3 className="mb-1 text-[13px] font-medium text-muted">Leads</h3>
      <RelatedLeads term={leadTerm} />
      <h3 className="mb-1 mt-3 text-[13px] font-medium text-muted">Conversations</h3>
      <RelatedConversations term={conversationTerm} customerId={customer.id} />
    </section>
  );
}
