import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Message, Template } from '../../contract';
import type { Database } from '../store/schema';
import { storableValue } from '../store/storable-text';
import { timeColumn, type RecordKind } from './record-kinds';

// Every write to the workspace tables (migration 0011). Each statement answers with what it really
// changed, so the sync learns what changed from the database (`IS DISTINCT FROM` on the stored
// jsonb), not by comparing a workspace in JavaScript; the changed rows become events after the
// statement committed. Times are the BFF's clock (epoch ms).
//
// The guards of a write that may be stale, in SQL:
// - a row changed after the read began (changed_at > startedAt) is left alone;
// - a tombstoned row (removed_at) is not brought back;
// - a record with updated_at never replaces a newer one;
// - a message status never moves backwards (pending < sent < delivered < read; failed is final).

export type WorkspaceDb = Kysely<Database>;

export interface RecordWrite {
  /** When the read that returned these records began. Rows changed since are left as they are. */
  readonly startedAt: number;
  readonly now: number;
  /** The read covers the whole scope: each row it returns is marked read, for removeUnread. */
  readonly full?: boolean;
}

const batchId = (): string => randomBytes(9).toString('base64url');

/** The last record of each id: one statement may not touch a row twice. */
function lastOfEach<T extends { id: string }>(records: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const r of records) byId.set(r.id, r);
  return [...byId.values()];
}

const json = (value: unknown): string => JSON.stringify(storableValue(value));

/**
 * Inserts or updates records; answers the ones that are new or differ from what was stored (as
 * stored), in the order given. Unchanged rows of a full read are only marked read.
 */
export async function upsertRecords<T extends { id: string }>(
  db: WorkspaceDb,
  kind: RecordKind<T>,
  records: readonly T[],
  write: RecordWrite,
): Promise<T[]> {
  if (records.length === 0) return [];
  const rows = lastOfEach(records).map((r) => ({ id: r.id, data: storableValue(r), ...kind.derive(r) }));
  const batch = batchId();
  const columns = Object.keys(kind.columns);
  const table = sql.raw(kind.table);
  const names = sql.raw(columns.join(', '));
  const recordType = sql.raw(
    ['id text', 'data jsonb', ...columns.map((c) => `${c} ${kind.columns[c]}`)].join(', '),
  );
  const fresh = sql.raw(
    `t.removed_at is null and t.changed_at <= ${Number(write.startedAt)}` +
      (kind.versioned ? ' and coalesce(excluded.updated_at >= t.updated_at, true)' : ''),
  );
  const differs = sql.raw('t.data is distinct from excluded.data');
  const sets = sql.join(
    columns.map(
      (c) => sql`${sql.raw(c)} = case when ${fresh} then excluded.${sql.raw(c)} else t.${sql.raw(c)} end`,
    ),
  );
  const result = await sql<{ id: string; data: T; changed: boolean }>`
    insert into ${table} as t (id, data, ${names}, changed_at, read_at, change_batch)
    select r.id, r.data, ${sql.raw(columns.map((c) => `r.${c}`).join(', '))},
      ${write.now}, ${write.full ? write.startedAt : 0}, ${batch}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${recordType})
    on conflict (id) do update set
      ${sets},
      changed_at = case when ${fresh} and ${differs} then excluded.changed_at else t.changed_at end,
      change_batch = case when ${fresh} and ${differs} then excluded.change_batch else t.change_batch end,
      data = case when ${fresh} then excluded.data else t.data end,
      read_at = case when excluded.read_at > 0 then excluded.read_at else t.read_at end
    returning t.id, t.data, t.change_batch = ${batch} as changed`.execute(db);
  const stored = new Map(result.rows.filter((r) => r.changed).map((r) => [r.id, r.data]));
  return rows.filter((r) => stored.has(r.id)).map((r) => stored.get(r.id)!);
}

/**
 * After a full read that began at `startedAt`: tombstones the rows in scope it did not return,
 * unless they changed since it began (a record created meanwhile). Answers their ids.
 */
export async function removeUnread(
  db: WorkspaceDb,
  kind: RecordKind<{ id: string }>,
  write: { readonly startedAt: number; readonly now: number },
  scope?: { readonly customerId: string },
): Promise<string[]> {
  const inScope = scope ? sql`and customer_id = ${scope.customerId}` : sql``;
  const result = await sql<{ id: string }>`
    update ${sql.raw(kind.table)} set removed_at = ${write.now}, changed_at = ${write.now}
    where removed_at is null and read_at <> ${write.startedAt} and changed_at <= ${write.startedAt} ${inScope}
    returning id`.execute(db);
  return result.rows.map((r) => r.id);
}

/** Tombstones one record (a delete through the BFF, or the upstream's 404). True when it was held. */
export async function removeRecord(
  db: WorkspaceDb,
  kind: RecordKind<{ id: string }>,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await sql<{ id: string }>`
    insert into ${sql.raw(kind.table)} as t (id, data, changed_at, removed_at)
    values (${id}, '{}'::jsonb, ${now}, ${now})
    on conflict (id) do update set removed_at = ${now}, changed_at = ${now}
    where t.removed_at is null
    returning (xmax <> 0) as held`.execute(db);
  if (kind.table === 'ws_conversations')
    await sql`delete from ws_messages where conversation_id = ${id}`.execute(db);
  return (result.rows[0] as { held?: boolean } | undefined)?.held === true;
}

const STATUS_RANK = sql.raw(`array['pending','sent','delivered','read','failed']`);

export interface MessageWrite {
  readonly now: number;
  /** A change people see (not a quiet load): outbound messages new to the BFF are timed from now. */
  readonly seen: boolean;
}

/**
 * Merges messages of a thread (null: of several threads at once, each message's own); answers the
 * new or changed ones, as stored, in the order given.
 */
export async function mergeMessages(
  db: WorkspaceDb,
  conversationId: string | null,
  messages: readonly Message[],
  write: MessageWrite,
): Promise<Message[]> {
  const own =
    conversationId === null
      ? messages.filter((m) => typeof m.conversation_id === 'string')
      : messages.filter((m) => m.conversation_id === conversationId || m.conversation_id === undefined);
  if (own.length === 0) return [];
  const batch = batchId();
  const rows = lastOfEach(own).map((m) => ({
    id: m.id,
    conversation_id: conversationId ?? m.conversation_id,
    created_at: timeColumn(m.created_at) ?? new Date(0).toISOString(),
    direction: m.direction,
    status: m.status,
    data: storableValue(m),
    seen_at: write.seen && m.direction === 'outbound' ? write.now : null,
  }));
  const later = sql`array_position(${STATUS_RANK}, excluded.status) >= coalesce(array_position(${STATUS_RANK}, t.status), 0)`;
  const next = sql`case when ${later} then excluded.data else jsonb_set(excluded.data, '{status}', to_jsonb(t.status)) end`;
  const result = await sql<{ id: string; data: Message; changed: boolean }>`
    insert into ws_messages as t (id, conversation_id, created_at, direction, status, data, changed_at, seen_at, change_batch)
    select r.id, r.conversation_id, r.created_at, r.direction, r.status, r.data, ${write.now}, r.seen_at, ${batch}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id text, conversation_id text, created_at timestamptz, direction text, status text, data jsonb, seen_at bigint)
    on conflict (id) do update set
      changed_at = case when t.data is distinct from ${next} then excluded.changed_at else t.changed_at end,
      change_batch = case when t.data is distinct from ${next} then excluded.change_batch else t.change_batch end,
      status = case when ${later} then excluded.status else t.status end,
      data = ${next},
      created_at = excluded.created_at,
      seen_at = coalesce(t.seen_at, excluded.seen_at)
    returning t.id, t.data, t.change_batch = ${batch} as changed`.execute(db);
  const stored = new Map(result.rows.filter((r) => r.changed).map((r) => [r.id, r.data]));
  return rows.filter((r) => stored.has(r.id)).map((r) => stored.get(r.id)!);
}

export type ListName = 'stages' | 'tags' | 'channels' | 'quickReplies';

/** Replaces a list sent whole; true when it differed (and no change since the read began knows better). */
export async function replaceList(
  db: WorkspaceDb,
  name: ListName,
  items: readonly unknown[],
  write: { readonly startedAt: number; readonly now: number },
): Promise<boolean> {
  return upsertWhole(db, sql.raw('ws_lists'), sql.raw('name'), name, items, write);
}

export async function replaceTemplates(
  db: WorkspaceDb,
  channelId: string,
  templates: readonly Template[],
  write: { readonly startedAt: number; readonly now: number },
): Promise<boolean> {
  return upsertWhole(db, sql.raw('ws_templates'), sql.raw('channel_id'), channelId, templates, write);
}

async function upsertWhole(
  db: WorkspaceDb,
  table: RawBuilder<unknown>,
  key: RawBuilder<unknown>,
  id: string,
  items: readonly unknown[],
  write: { readonly startedAt: number; readonly now: number },
): Promise<boolean> {
  const result = await sql`
    insert into ${table} as t (${key}, data, changed_at) values (${id}, ${json(items)}::jsonb, ${write.now})
    on conflict (${key}) do update set data = excluded.data, changed_at = excluded.changed_at
    where t.changed_at <= ${write.startedAt} and t.data is distinct from excluded.data
    returning 1 as changed`.execute(db);
  return result.rows.length > 0;
}

/** Sets a lead's follow-up flag; true when it changed. `read`: the lead's activities were just read. */
export async function setFollowUp(
  db: WorkspaceDb,
  leadId: string,
  followUp: boolean,
  write: { readonly now: number; readonly read?: boolean },
): Promise<boolean> {
  const readAt = write.read ? write.now : null;
  const result = await sql<{ changed: boolean }>`
    with before as (select follow_up from ws_follow_ups where lead_id = ${leadId})
    insert into ws_follow_ups as t (lead_id, follow_up, changed_at, read_at)
    values (${leadId}, ${followUp}, ${write.now}, ${readAt})
    on conflict (lead_id) do update set
      follow_up = excluded.follow_up,
      changed_at = case when t.follow_up <> excluded.follow_up then excluded.changed_at else t.changed_at end,
      read_at = coalesce(excluded.read_at, t.read_at)
    returning coalesce((select follow_up from before) <> ${followUp}, ${followUp}) as changed`.execute(db);
  return result.rows[0]?.changed === true;
}

/** A small fact of the sync (the upstream's state, collections loaded), as JSON. */
export async function setMeta(db: WorkspaceDb, key: string, value: unknown): Promise<void> {
  await sql`insert into ws_meta (key, value) values (${key}, ${json(value)}::jsonb)
    on conflict (key) do update set value = excluded.value`.execute(db);
}

/** Forgets tombstones older than `keepMs`: a record read again after that is new. */
export async function pruneTombstones(db: WorkspaceDb, now: number, keepMs: number): Promise<void> {
  for (const table of ['ws_conversations', 'ws_leads', 'ws_customers', 'ws_contacts'])
    await sql`delete from ${sql.raw(table)} where removed_at is not null and removed_at < ${now - keepMs}`.execute(
      db,
    );
}

/** Empties the workspace tables (an operator's reload reads everything again). */
export async function forgetWorkspace(db: WorkspaceDb): Promise<void> {
  await sql`truncate ws_conversations, ws_messages, ws_leads, ws_customers, ws_contacts, ws_lists,
    ws_templates, ws_follow_ups, ws_meta, ws_contact_lists_read`.execute(db);
}
