import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Contact } from '@/contract';
import { phone } from '@/lib/phone';
import { resolveTags } from '@/lib/tags';
import { tagsQuery } from '@/data/tags';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children || <span className="text-subtle">—</span>}</dd>
    </div>
  );
}

/** The contact's fields as text, for a role that may read contacts but not change them. */
export function ContactDetailsView({ contact }: { contact: Contact }) {
  const tags = useQuery(tagsQuery());
  const held = resolveTags(contact.tags, tags.data);
  return (
    <dl className="text-sm">
      <Row label="First name">{contact.first_name}</Row>
      <Row label="Last name">{contact.last_name}</Row>
      <Row label="Email">
        {contact.email ? (
          <a className="text-accent hover:underline" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        ) : null}
      </Row>
      <Row label="Mobile">{phone(contact.mobile)}</Row>
      <Row label="Phone">{phone(contact.phone)}</Row>
      <Row label="Position">{contact.position}</Row>
      <Row label="Department">{contact.department}</Row>
      <Row label="Status">{contact.status === 'inactive' ? 'Inactive' : 'Active'}</Row>
      <Row label="Primary contact">{contact.is_primary ? 'Yes' : 'No'}</Row>
      <Row label="Tags">
        {tags.isPending && held.length > 0
          ? 'Loading tags…'
          : held.length > 0
            ? held.map((tag) => tag.name).join(', ')
            : null}
      </Row>
      <Row label="Notes">
        {contact.notes ? <span className="whitespace-pre-line">{contact.notes}</span> : null}
      </Row>
    </dl>
  );
}
