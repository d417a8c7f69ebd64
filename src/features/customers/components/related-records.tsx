import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Customer } from '@/contract';
import { RecordThreads } from '@/components/record-threads';
import { Badge } from '@/components/ui/badge';
import { UserText } from '@/components/ui/user-text';
import { leadStagesQuery } from '@/data/lead-stages';
import { customerScreenQuery } from '@/data/record-screens';
import { money } from '@/lib/format';
import { stageByKey } from '@/lib/lead-stages';

/**
 * The customer's conversations (linked to it or to one of its contacts) and the leads that mention
 * it: the API links no lead to a customer, so leads are matched by name and the page says so. Both
 * come with the page's screen read.
 */
export function RelatedRecords({ customer }: { customer: Customer }) {
  const { data: screen } = useSuspenseQuery(customerScreenQuery(customer.id));
  // Stage names by key (a key no stage holds shows as the key itself): the list does not wait for them.
  const stages = useQuery(leadStagesQuery());
  const byKey = stageByKey(stages.data ?? []);
  return (
    <>
      <section aria-labelledby="threads-title" className="rounded-lg border border-border bg-raised p-4">
        <h2 id="threads-title" className="mb-2 font-semibold">
          Conversations
        </h2>
        <RecordThreads
          threads={screen.threads}
          total={screen.threadTotal}
          empty="No conversation is linked to this customer or its contacts."
        />
      </section>
      <section aria-labelledby="related-title" className="rounded-lg border border-border bg-raised p-4">
        <h2 id="related-title" className="font-semibold">
          Possibly related leads
        </h2>
        <p className="mb-3 text-xs text-subtle">
          Leads that mention “{screen.leadTerm}”: found by name, not linked in the CRM, so check before
          relying on them.
        </p>
        {screen.leads.length === 0 ? (
          <p className="text-muted">No leads mention “{screen.leadTerm}”.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {screen.leads.map((lead) => (
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
            {screen.leadTotal > screen.leads.length ? (
              <li className="text-xs text-subtle">and {screen.leadTotal - screen.leads.length} more</li>
            ) : null}
          </ul>
        )}
      </section>
    </>
  );
}
