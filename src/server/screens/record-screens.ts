import { sql, type RawBuilder } from 'kysely';
import {
  RELATED_LEADS,
  RELATED_THREADS,
  messageTarget,
  type ContactScreen,
  type Conversation,
  type CustomerScreen,
  type Lead,
  type RecordScreenQuery,
} from '../../contract';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { finderCondition } from './lead-sql';

// A customer's page and a contact's page from the workspace tables (before: the customer, its
// contacts, and a search of the leads and one of the threads, each a call of its own; a contact's
// threads were two searches of the upstream's thread list, which has no contact filter). Each list
// is the first few in order and a count, found by index: a customer's threads by the customer_id
// in the record (ws_conversations_customer, migration 0013) or by its contacts (ws_contacts_customer,
// ws_conversations_contact); a contact's by their id or, unlinked, by the digits of their number
// (ws_conversations_number); the leads that mention the customer by the trigram index on
// ws_lead_finder.search.

/** The newest few of some threads (newest activity first, a thread without messages last) and how many. */
async function newestThreads(
  workspace: WorkspaceReader,
  theirs: RawBuilder<{ id: string }>,
): Promise<{ threads: Conversation[]; threadTotal: number }> {
  const [rows, counted] = await Promise.all([
    sql<{ data: Conversation }>`
      select c.data from ws_conversations c
      where c.removed_at is null and c.id in (${theirs})
      order by c.last_message_at desc nulls last, c.id limit ${RELATED_THREADS}`.execute(workspace.db),
    sql<{ total: number }>`
      select count(*)::int as total from ws_conversations c
      where c.removed_at is null and c.id in (${theirs})`.execute(workspace.db),
  ]);
  return { threads: rows.rows.map((r) => r.data), threadTotal: Number(counted.rows[0]?.total ?? 0) };
}

/** The leads whose name, email or company holds `term`, newest first (the lead list's order), and how many. */
async function leadsMentioning(
  workspace: WorkspaceReader,
  term: string,
): Promise<{ leads: Lead[]; leadTotal: number }> {
  if (term === '') return { leads: [], leadTotal: 0 };
  // The lead list's search rule, on ws_lead_finder (migration 0020): the matches are found and
  // counted there, and only the few shown are read from ws_leads.
  const matches = finderCondition({ search: term });
  const [rows, counted] = await Promise.all([
    sql<{ data: Lead }>`
      select l.data from (
        select id, created_at from ws_lead_finder where ${matches}
        order by created_at desc nulls last, id limit ${RELATED_LEADS}
      ) f join ws_leads l on l.id = f.id
      order by f.created_at desc nulls last, f.id`.execute(workspace.db),
    sql<{ total: number }>`select count(*)::int as total from ws_lead_finder where ${matches}`.execute(
      workspace.db,
    ),
  ]);
  return { leads: rows.rows.map((r) => r.data), leadTotal: Number(counted.rows[0]?.total ?? 0) };
}

/** null: the BFF does not hold the customer (a 404 to the browser). */
export async function customerScreenOf(
  workspace: WorkspaceReader,
  query: RecordScreenQuery,
): Promise<CustomerScreen | null> {
  const customer = await workspace.customer(query.id);
  if (customer === undefined) return null;
  const leadTerm = (customer.company_name || customer.name).trim();
  const [contacts, threads, leads] = await Promise.all([
    workspace.contactsOf(customer.id),
    newestThreads(
      workspace,
      sql`select t.id from ws_conversations t
          where t.data->>'customer_id' = ${customer.id} and t.removed_at is null
        union
        select t.id from ws_contacts k join ws_conversations t on t.contact_id = k.id
          where k.customer_id = ${customer.id} and k.removed_at is null`,
    ),
    leadsMentioning(workspace, leadTerm),
  ]);
  return { customer, contacts, ...threads, ...leads, leadTerm };
}

/** null: the BFF does not hold the contact (a 404 to the browser). */
export async function contactScreenOf(
  workspace: WorkspaceReader,
  query: RecordScreenQuery,
): Promise<ContactScreen | null> {
  const contact = await workspace.contact(query.id);
  if (contact === undefined) return null;
  const number = messageTarget(contact)?.to ?? null;
  // isContactThread (src/contract/contact-links.ts): linked to them, or unlinked, one-to-one and on
  // their number.
  const onNumber =
    number === null
      ? sql``
      : sql`union
        select t.id from ws_conversations t
          where ws_thread_digits(t.external_thread_id) = ${number}
            and t.contact_id is null and t.removed_at is null
            and not coalesce(t.data->'is_group' = 'true'::jsonb, false)`;
  const [customer, threads] = await Promise.all([
    contact.customer_id ? workspace.customer(contact.customer_id) : Promise.resolve(undefined),
    newestThreads(
      workspace,
      sql`select t.id from ws_conversations t where t.contact_id = ${contact.id} ${onNumber}`,
    ),
  ]);
  return { contact, customer: customer ?? null, ...threads };
}
