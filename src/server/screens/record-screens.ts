import {
  RELATED_LEADS,
  RELATED_THREADS,
  isContactThread,
  messageTarget,
  newestThreadFirst,
  type ContactScreen,
  type Conversation,
  type CustomerScreen,
  type Lead,
  type RecordScreenQuery,
} from '../../contract';
import type { ReadModel } from '../sync/read-model';
import { compareLeads, leadMatcher } from './lead-order';

// A customer's page and a contact's page from the read model (before: the customer, its contacts,
// and a search of the leads and one of the threads, each a call of its own; a contact's threads were
// two searches of the upstream's thread list, which has no contact filter).

function newestThreads(model: ReadModel, belongs: (thread: Conversation) => boolean) {
  const all: Conversation[] = [];
  for (const thread of model.conversations.values()) if (belongs(thread)) all.push(thread);
  all.sort(newestThreadFirst);
  return { threads: all.slice(0, RELATED_THREADS), threadTotal: all.length };
}

/** null: the BFF does not hold the customer (a 404 to the browser). */
export function customerScreenOf(model: ReadModel, query: RecordScreenQuery): CustomerScreen | null {
  const customer = model.customer(query.id);
  if (customer === undefined) return null;
  const contacts = model.contactsOf(customer.id);
  const contactIds = new Set(contacts.map((c) => c.id));
  const { threads, threadTotal } = newestThreads(
    model,
    (t) => t.customer_id === customer.id || contactIds.has(t.contact_id ?? ''),
  );
  const leadTerm = (customer.company_name || customer.name).trim();
  const matches = leadMatcher({ search: leadTerm });
  const leads: Lead[] = [];
  if (leadTerm !== '') for (const lead of model.leads.values()) if (matches(lead)) leads.push(lead);
  leads.sort(compareLeads);
  return {
    customer,
    contacts,
    threads,
    threadTotal,
    leads: leads.slice(0, RELATED_LEADS),
    leadTotal: leads.length,
    leadTerm,
  };
}

/** null: the BFF does not hold the contact (a 404 to the browser). */
export function contactScreenOf(model: ReadModel, query: RecordScreenQuery): ContactScreen | null {
  const contact = model.contact(query.id);
  if (contact === undefined) return null;
  const number = messageTarget(contact)?.to ?? null;
  return {
    contact,
    customer: model.customer(contact.customer_id) ?? null,
    ...newestThreads(model, (t) => isContactThread(contact, t, number)),
  };
}
