import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Building2, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { customerQuery } from '@/data/customers';
import { STATUS_LABELS, STATUS_TONES, TYPE_LABELS } from '../labels';
import { ActivityTimeline } from './activity-timeline';
import { CustomFields } from './custom-fields';
import { CustomerDetails } from './customer-details';
import { CustomerTags } from './customer-tags';
import { RelatedRecords } from './related-records';
import { UserText } from '@/components/ui/user-text';
import { useScrollMemory } from '@/lib/use-scroll-memory';

/** Back to the list (also what the route's not-found screen offers). */
export function BackLink() {
  return (
    <Link to="/customers" className="inline-flex min-h-8 items-center gap-1 text-muted hover:text-fg">
      <ArrowLeft size={14} aria-hidden />
      Customers
    </Link>
  );
}

/**
 * `/customers/$customerId`. The contacts section belongs to the contacts feature; the route passes
 * it in, since features do not import each other.
 */
export function CustomerPage({ customerId, contacts }: { customerId: string; contacts?: ReactNode }) {
  const { data: c } = useSuspenseQuery(customerQuery(customerId));
  const scrollRef = useScrollMemory<HTMLDivElement>(`customer ${customerId}`);
  return (
    <div ref={scrollRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-6 py-3">
        <BackLink />
        <span aria-hidden className="text-subtle">
          /
        </span>
        <span className="grid size-8 place-items-center rounded-md bg-surface text-muted" aria-hidden>
          {c.customer_type === 'individual' ? <User size={16} /> : <Building2 size={16} />}
        </span>
        <h1 className="min-w-0 truncate text-base font-semibold">
          <UserText>{c.name}</UserText>
        </h1>
        <Badge tone={STATUS_TONES[c.status]}>{STATUS_LABELS[c.status]}</Badge>
        {c.customer_type ? <Badge>{TYPE_LABELS[c.customer_type]}</Badge> : null}
      </header>
      <div className="grid grid-cols-1 gap-4 p-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <CustomerDetails customer={c} />
          <CustomerTags customer={c} />
          {contacts}
          <CustomFields customer={c} />
          <RelatedRecords customer={c} />
        </div>
        <div className="min-w-0">
          <ActivityTimeline customerId={c.id} />
        </div>
      </div>
    </div>
  );
}
