import { sql } from 'kysely';
import type { WorkspaceDb } from '../workspace/workspace-writer';

// What the sync asks the workspace tables to plan its reads (migration 0016's partial indexes keep
// each proportional to what is left to do, not to the size of the workspace).

export type Collection = 'conversations' | 'leads' | 'customers';

/** Threads whose newest page was never read or whose last message is newer than it, newest first. */
export async function threadsToRead(
  db: WorkspaceDb,
  limit: number,
): Promise<{ id: string; page_read: boolean; contact_id: string | null }[]> {
  const result = await sql<{ id: string; page_read: boolean; contact_id: string | null }>`
    select id, page_read, contact_id from ws_conversations
    where removed_at is null and (not page_read or last_message_at > page_read_for)
    order by last_message_at desc nulls last, id limit ${limit}`.execute(db);
  return result.rows;
}

/** Threads with an outbound message whose tick may still move, by our clock or the upstream's. */
export async function tickingThreads(
  db: WorkspaceDb,
  now: number,
  pendingMs: number,
  deliveredMs: number,
): Promise<string[]> {
  const pendingSince = new Date(now - pendingMs).toISOString();
  const deliveredSince = new Date(now - deliveredMs).toISOString();
  // Both clocks must say it is young (the younger age counts): created_at or seen_at recent.
  const result = await sql<{ conversation_id: string }>`
    select distinct conversation_id from ws_messages
    where direction = 'outbound' and status in ('pending', 'sent', 'delivered')
      and (
        (status in ('pending', 'sent') and (created_at > ${pendingSince} or seen_at > ${now - pendingMs}))
        or (status = 'delivered' and (created_at > ${deliveredSince} or seen_at > ${now - deliveredMs}))
      )`.execute(db);
  return result.rows.map((r) => r.conversation_id);
}

/** Contacts that threads name and the tables do not hold, from the newest threads. */
export async function unknownContacts(
  db: WorkspaceDb,
  limit: number,
): Promise<{ contact_id: string; id: string }[]> {
  const result = await sql<{ contact_id: string; id: string }>`
    select c.contact_id, c.id from ws_conversations c
    where c.removed_at is null and c.contact_id is not null
      and not exists (select 1 from ws_contacts k where k.id = c.contact_id)
    order by c.last_message_at desc nulls last, c.id limit ${limit}`.execute(db);
  return result.rows;
}

/** Marks a thread's page read for the last_message_at it had when the read began. */
export async function markPageRead(db: WorkspaceDb, id: string, lastMessageAt: string | null): Promise<void> {
  await sql`update ws_conversations set page_read = true, page_read_for = ${lastMessageAt}::timestamptz
    where id = ${id}`.execute(db);
}

/** The newest held message of a thread (for gap detection) and which of some ids are held. */
export async function heldMessages(
  db: WorkspaceDb,
  conversationId: string,
  ids: readonly string[],
): Promise<{ newestAt: Date | null; held: Set<string> }> {
  const newest = await sql<{ created_at: Date }>`
    select created_at from ws_messages where conversation_id = ${conversationId}
    order by created_at desc, id desc limit 1`.execute(db);
  const held =
    ids.length === 0
      ? []
      : (
          await sql<{ id: string }>`select id from ws_messages where id in (${sql.join([...ids])})`.execute(
            db,
          )
        ).rows;
  return { newestAt: newest.rows[0]?.created_at ?? null, held: new Set(held.map((r) => r.id)) };
}

/** The next live record id after `cursor`, wrapping around (a round robin over a table). */
export async function nextId(
  db: WorkspaceDb,
  table: 'ws_customers' | 'ws_leads',
  cursor: string,
): Promise<string | null> {
  const after = await sql<{ id: string }>`
    select id from ${sql.table(table)} where removed_at is null and id > ${cursor} order by id limit 1`.execute(
    db,
  );
  if (after.rows[0]) return after.rows[0].id;
  const first = await sql<{ id: string }>`
    select id from ${sql.table(table)} where removed_at is null order by id limit 1`.execute(db);
  return first.rows[0]?.id ?? null;
}

/** Leads whose activities were never read, newest first (the cards at the top of the columns). */
export async function leadsNeverRead(db: WorkspaceDb, limit: number): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select id from ws_leads where removed_at is null and activities_read_at is null
    order by created_at desc nulls last, id limit ${limit}`.execute(db);
  return result.rows.map((r) => r.id);
}

export async function markActivitiesRead(db: WorkspaceDb, leadId: string, now: number): Promise<void> {
  await sql`update ws_leads set activities_read_at = ${now} where id = ${leadId}`.execute(db);
}

/** Whether a customer's whole contact list was ever read; marks it read. */
export async function contactListRead(db: WorkspaceDb, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ws_contact_lists_read')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markContactListRead(db: WorkspaceDb, customerId: string, now: number): Promise<void> {
  await sql`with marked as (
      insert into ws_contact_lists_read (customer_id, read_at) values (${customerId}, ${now})
      on conflict (customer_id) do update set read_at = excluded.read_at)
    update ws_customers set contacts_read_at = ${now} where id = ${customerId}`.execute(db);
}

/** Customers whose contacts were never read, in the customer list's order (migration 0019). */
export async function customersNeverRead(db: WorkspaceDb, limit: number): Promise<string[]> {
  const result = await sql<{ id: string }>`
    select id from ws_customers where removed_at is null and contacts_read_at is null
    order by lower(name), id limit ${limit}`.execute(db);
  return result.rows.map((r) => r.id);
}

/** Collections read in full at least once (by any instance, ever): later reads are changes. */
export async function loadedCollections(db: WorkspaceDb): Promise<Set<Collection>> {
  const row = await db.selectFrom('ws_meta').select('value').where('key', '=', 'loaded').executeTakeFirst();
  return new Set(Array.isArray(row?.value) ? (row.value as Collection[]) : []);
}

export async function markLoaded(db: WorkspaceDb, collection: Collection): Promise<void> {
  // One statement: the leads and the customers sweeps finish their first loads concurrently, and a
  // read-then-write would let one of them undo the other's mark.
  await sql`insert into ws_meta (key, value) values ('loaded', jsonb_build_array(${collection}::text))
    on conflict (key) do update set value = case
      when ws_meta.value @> jsonb_build_array(${collection}::text) then ws_meta.value
      else ws_meta.value || jsonb_build_array(${collection}::text) end`.execute(db);
}

/** Sets a follow-up flag from a read that began at `startedAt`; true when it changed. */
export async function followUpFromRead(
  db: WorkspaceDb,
  leadId: string,
  followUp: boolean,
  at: { readonly startedAt: number; readonly now: number },
): Promise<boolean> {
  const result = await sql<{ lead_id: string }>`
    insert into ws_follow_ups as t (lead_id, follow_up, changed_at, read_at)
    select ${leadId}, ${followUp}, ${at.now}, ${at.now}
    where ${followUp} or exists (select 1 from ws_follow_ups where lead_id = ${leadId})
    on conflict (lead_id) do update set follow_up = excluded.follow_up, changed_at = excluded.changed_at,
      read_at = excluded.read_at
    where t.changed_at <= ${at.startedAt} and t.follow_up <> excluded.follow_up
    returning t.lead_id`.execute(db);
  return result.rows.length > 0;
}
