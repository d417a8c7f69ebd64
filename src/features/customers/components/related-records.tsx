import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Customer } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { QueryBoundary } from '@/components/query-boundary';
import { Skeleton, errorText } from '@/components/ui/states';
import { conversationSearchQuery } from '@/data/conversations';
import { leadStagesQuery } from '@/data/lead-stages';
import { leadsPageQuery } from '@/data/leads';
import { money, relativeTime } from '@/lib/format';
import { phone } from '@/lib/phone';
import { stageByKey } from '@/lib/lead-stages';
import { UserText } from '@/components/ui/user-text';

const RELATED_LIMIT = 5;

function Loading() {
  return (
    <div className="flex flex-col gap-1.5" aria-hidden>
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}

function RelatedLeads({ term }: { term: string }) {
  const { data: leads } = useSuspenseQuery(leadsPageQuery({ search: term, page: 1, limit: RELATED_LIMIT }));
  // Stage names by key (a key no stage holds shows as the key itself): the list does not wait for them.
  const stages = useQuery(leadStagesQuery());
  const byKey = stageByKey(stages.data ?? []);
  if (leads.data.length === 0) return <p className="text-muted">No leads mention “{term}”.</p>;
  return (
    <ul className="flex flex-col gap-1">
      {leads.data.map((lead) => (
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
      {leads.total > leads.data.length ? (
        <li className="text-xs text-subtle">and {leads.total - leads.data.length} more</li>
      ) : null}
    </ul>
  );
}

function RelatedConversations({ term, customerId }: { term: string; customerId: string }) {
  const { data: conversations } = useSuspenseQuery(conversationSearchQuery(term, RELATED_LIMIT));
  if (conversations.data.length === 0)
    return <p className="text-muted">No conversations mention “{term}”.</p>;
  return (
    <ul className="flex flex-col gap-1">
      {conversations.data.map((c) => (
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
      <QueryBoundary
        title="Leads could not be searched"
        pending={<Loading />}
        failure={(error) => <p className="text-muted">Leads could not be searched. {errorText(error)}</p>}
      >
        <RelatedLeads term={leadTerm} />
      </QueryBoundary>
      <h3 className="mb-1 mt-3 text-[13px] font-medium text-muted">Conversations</h3>
      <QueryBoundary
        title="Conversations could not be searched"
        pending={<Loading />}
        failure={(error) => (
          <p className="text-muted">Conversations could not be searched. {errorText(error)}</p>
        )}
      >
        <RelatedConversations term={conversationTerm} customerId={customer.id} />
      </QueryBoundary>
    </section>
  );
}
