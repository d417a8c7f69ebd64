import type { Contact, Conversation, Customer, Lead, LiveEvent } from '../../contract';
import { CONTACTS, CONVERSATIONS, CUSTOMERS, LEADS, type RecordKind } from '../workspace/record-kinds';

// What a changed record tells browsers, per record kind.

/** An event the sync publishes. */
export interface Outgoing {
  readonly event: LiveEvent;
}

export interface EventKind<T extends { id: string }> {
  readonly kind: RecordKind<T>;
  upserted(record: T): LiveEvent;
  removed(id: string): LiveEvent;
}

export const EVENT_KINDS = {
  conversation: {
    kind: CONVERSATIONS,
    upserted: (conversation) => ({ type: 'conversation.upserted', conversation }),
    removed: (id) => ({ type: 'conversation.removed', id }),
  } satisfies EventKind<Conversation>,
  lead: {
    kind: LEADS,
    upserted: (lead) => ({ type: 'lead.upserted', lead }),
    removed: (id) => ({ type: 'lead.removed', id }),
  } satisfies EventKind<Lead>,
  customer: {
    kind: CUSTOMERS,
    upserted: (customer) => ({ type: 'customer.upserted', customer }),
    removed: (id) => ({ type: 'customer.removed', id }),
  } satisfies EventKind<Customer>,
  contact: {
    kind: CONTACTS,
    upserted: (contact) => ({ type: 'contact.upserted', contact }),
    removed: (id) => ({ type: 'contact.removed', id }),
  } satisfies EventKind<Contact>,
};
