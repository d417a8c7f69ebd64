import { sql } from 'kysely';
import { indexed } from '../../src/server/search/search-indexer';
import { SearchRepository, type IndexedMessage } from '../../src/server/search/search-repository';
import { CONTACTS, CONVERSATIONS, CUSTOMERS, LEADS } from '../../src/server/workspace/record-kinds';
import {
  mergeMessages,
  replaceList,
  upsertRecords,
  type WorkspaceDb,
} from '../../src/server/workspace/workspace-writer';
import {
  CHANNELS,
  FOLLOW_UP_EVERY,
  QUICK_REPLIES,
  STAGES,
  TAGS,
  contact,
  conversation,
  customer,
  lead,
  leadId,
  customerId,
  messagesOf,
  type ScaleCounts,
} from './scale-records';

// Grows the workspace tables from one size to the next through the sync's own writer (records in
// batches, a thread's page per mergeMessages), so the screens meet rows as the sync writes them.
// Also what a caught-up sync has written beside the records: every lead's follow-up flag and
// activities read, every customer's contact list and every thread's page read, the collections
// loaded, and the message index (search) holding each message.

const BATCH = 2_000;
/** Threads whose pages are written at once (each its own statement, on the pool's connections). */
const THREAD_CONCURRENCY = 6;
/** Record batches written at once: the database's CPU (index upkeep) and ours overlap. */
const BATCH_CONCURRENCY = 3;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** Writes [from, to) in batches of `size`, `concurrency` batches at once (each on its own connection). */
async function inBatches(
  from: number,
  to: number,
  size: number,
  write: (ns: number[]) => Promise<void>,
  concurrency = BATCH_CONCURRENCY,
) {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const start = next;
      next = Math.min(to, start + size);
      await write(range(start, next));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export type SeedProgress = (what: string) => void;

export async function growWorkspace(
  db: WorkspaceDb,
  from: ScaleCounts | null,
  to: ScaleCounts,
  progress: SeedProgress = () => undefined,
): Promise<void> {
  const now = Date.now();
  const at = { startedAt: now, now, full: true };
  if (from === null) {
    await replaceList(db, 'stages', STAGES, at);
    await replaceList(db, 'tags', TAGS, at);
    await replaceList(db, 'channels', CHANNELS, at);
    await replaceList(db, 'quickReplies', QUICK_REPLIES, at);
  }
  const was = from ?? { leads: 0, threads: 0, customers: 0, contacts: 0, messages: 0 };

  await inBatches(was.leads, to.leads, BATCH, async (ns) => {
    await upsertRecords(db, LEADS, ns.map(lead), at);
    await sql`insert into ws_follow_ups (lead_id, follow_up, changed_at, read_at)
      select * from unnest(${ns.map(leadId)}::text[], ${ns.map((n) => n % FOLLOW_UP_EVERY === 0)}::boolean[],
        ${ns.map(() => now)}::bigint[], ${ns.map(() => now)}::bigint[])
      on conflict (lead_id) do nothing`.execute(db);
    if (ns[0]! % (50 * BATCH) === 0) progress(`leads ${String(ns[0])}/${String(to.leads)}`);
  });
  await inBatches(was.customers, to.customers, BATCH, async (ns) => {
    await upsertRecords(db, CUSTOMERS, ns.map(customer), at);
    await sql`insert into ws_contact_lists_read (customer_id, read_at)
      select * from unnest(${ns.map(customerId)}::text[], ${ns.map(() => now)}::bigint[])
      on conflict (customer_id) do nothing`.execute(db);
    await sql`update ws_customers set contacts_read_at = ${now} where id = any(${ns.map(customerId)}::text[])`.execute(
      db,
    );
  });
  await inBatches(was.contacts, to.contacts, BATCH, (ns) =>
    upsertRecords(db, CONTACTS, ns.map(contact), at).then(() => undefined),
  );
  progress(`customers ${String(to.customers)}, contacts ${String(to.contacts)}`);
  await inBatches(was.threads, to.threads, BATCH, (ns) =>
    upsertRecords(db, CONVERSATIONS, ns.map(conversation), at).then(() => undefined),
  );

  const search = new SearchRepository(db);
  let next = was.threads;
  const worker = async () => {
    while (next < to.threads) {
      const n = next++;
      await mergeMessages(db, conversation(n).id, messagesOf(n), { now, seen: false });
      if (n % 10_000 === 0) progress(`thread pages ${String(n)}/${String(to.threads)}`);
    }
  };
  await Promise.all(Array.from({ length: THREAD_CONCURRENCY }, worker));
  await inBatches(was.threads, to.threads, 250, (ns) =>
    search.upsert(
      ns.flatMap((n) => messagesOf(n).map(indexed)).filter((m): m is IndexedMessage => m !== null),
    ),
  );
  await markCaughtUp(db, now);
  await sql`analyze`.execute(db);
}

const hasColumn = async (db: WorkspaceDb, table: string, column: string) =>
  (
    await sql`select 1 from information_schema.columns where table_name = ${table} and column_name = ${column}`.execute(
      db,
    )
  ).rows.length > 0;

/**
 * The sync's own bookkeeping of a caught-up workspace (migration 0016, where it exists): every
 * thread's newest page read for its last message, every lead's activities read, the three
 * collections loaded once. Without it a start would be a first load of everything.
 */
async function markCaughtUp(db: WorkspaceDb, now: number): Promise<void> {
  if (await hasColumn(db, 'ws_conversations', 'page_read'))
    await sql`update ws_conversations set page_read = true, page_read_for = last_message_at
      where not page_read`.execute(db);
  if (await hasColumn(db, 'ws_leads', 'activities_read_at'))
    await sql`update ws_leads set activities_read_at = ${now} where activities_read_at is null`.execute(db);
  await sql`insert into ws_meta (key, value) values ('loaded', '["conversations","leads","customers"]'::jsonb)
    on conflict (key) do update set value = excluded.value`.execute(db);
}
