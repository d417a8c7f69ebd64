import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { Customer } from '@/contract';
import { Button } from '@/components/ui/button';
import { addressLines } from '@/lib/address';
import { TimeAgo } from '@/components/ui/time-labels';
import { useCan } from '@/lib/permissions';
import { phone } from '@/lib/phone';
import { teamQuery } from '@/data/session';
import { SOURCE_LABELS, TYPE_LABELS } from '../labels';
import { CustomerDetailsForm } from './customer-details-form';
import { UserText } from '@/components/ui/user-text';

/** Only http(s) addresses become links: the value comes from the CRM, not from us. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children || <span className="text-subtle">—</span>}</dd>
    </div>
  );
}

function DetailsView({ customer }: { customer: Customer }) {
  const team = useQuery(teamQuery());
  const owner = team.data?.members.find((m) => m.id === customer.assigned_to_user_id)?.name;
  const website = safeHttpUrl(customer.website);
  const lines = addressLines(customer.address);
  return (
    <dl className="text-sm">
      <Row label="Company">{customer.company_name ? <UserText>{customer.company_name}</UserText> : null}</Row>
      <Row label="Type">{customer.customer_type ? TYPE_LABELS[customer.customer_type] : ''}</Row>
      <Row label="Industry">{customer.industry}</Row>
      <Row label="Source">{customer.source ? (SOURCE_LABELS[customer.source] ?? customer.source) : ''}</Row>
      <Row label="Email">
        {customer.email ? (
          <a className="text-accent hover:underline" href={`mailto:${customer.email}`}>
            {customer.email}
          </a>
        ) : null}
      </Row>
      <Row label="Phone">{phone(customer.phone)}</Row>
      <Row label="Website">
        {website ? (
          <a className="text-accent hover:underline" href={website} target="_blank" rel="noopener noreferrer">
            {customer.website}
          </a>
        ) : (
          customer.website
        )}
      </Row>
      <Row label="Owner">
        {customer.assigned_to_user_id ? (owner ?? 'A former team member') : 'Unassigned'}
      </Row>
      <Row label="Address">
        {lines.length ? (
          <address role="group" className="not-italic" aria-label="Address">
            {lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : null}
      </Row>
      <Row label="Updated">
        <TimeAgo iso={customer.updated_at} />
      </Row>
    </dl>
  );
}

/** The customer's details: read first, edited on request by a role that may update customers. */
export function CustomerDetails({ customer }: { customer: Customer }) {
  const can = useCan();
  const mayEdit = can('customers.update');
  const [editing, setEditing] = useState(false);
  // Leaving the form hands the keyboard back to the button that opened it.
  const refocus = useRef(false);
  const done = () => {
    refocus.current = true;
    setEditing(false);
  };
  return (
    <section
      aria-labelledby="customer-details-title"
      className="rounded-lg border border-border bg-raised p-4"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="customer-details-title" className="font-semibold">
          Details and address
        </h2>
        {editing || !mayEdit ? null : (
          <Button
            ref={(el) => {
              if (el && refocus.current) {
                refocus.current = false;
                el.focus();
              }
            }}
            size="sm"
            variant="ghost"
            onClick={() => setEditing(true)}
          >
            <Pencil size={14} aria-hidden />
            Edit details
          </Button>
        )}
      </div>
      {editing && mayEdit ? (
        <CustomerDetailsForm customer={customer} onDone={done} />
      ) : (
        <DetailsView customer={customer} />
      )}
    </section>
  );
}
