import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../store/schema';
import { MESSAGE_PAGE } from '../workspace/workspace-reader';

// Unread per agent and thread, counted in SQL over the workspace tables (ws_messages, ws_conversations)
// and the agent's read marks: the contact's messages newer than what the agent read (or, for a
// thread never read, than when the agent started), among the newest page of the thread (so at
// most a page per thread, as the thread view's first paint), never counting a message stamped
// after `latest` (more than 30 days in the future: read-marks.ts says why). A thread marked unread
// counts at least one.

/** One agent's standing: since when unread is counted, and the latest believable message time. */
export interface UnreadScope {
  readonly username: string;
  readonly since: Date;
  readonly latest: Date;
}

/**
 * `(conversation_id, unread)` of every thread with something unread for the agent, as a subquery a
 * screen can join (the inbox's Unread filter) or select from (`GET /bff/unread`).
 *
 * The work is proportional to the threads whose last message is newer than the agent's start and
 * than their read mark (index ws_conversations_newest, then the read mark by its key), plus the
 * threads marked unread (read_marks_marked_unread, migration 0015); each is counted on at most a
 * page of ws_messages_thread's entries after the mark.
 */
export function unreadThreadsSql(
  scope: UnreadScope,
): RawBuilder<{ conversation_id: string; unread: number }> {
  const since = sql`${scope.since.toISOString()}::timestamptz`;
  const latest = sql`${scope.latest.toISOString()}::timestamptz`;
  return sql<{ conversation_id: string; unread: number }>`(
    select t.id as conversation_id, greatest(k.n, case when t.marked then 1 else 0 end)::int as unread
    from (
      select c.id, greatest(${since}, coalesce(rm.read_at, ${since})) as after,
        coalesce(rm.marked_unread, false) as marked
      from ws_conversations c
      left join read_marks rm on rm.username = ${scope.username} and rm.conversation_id = c.id
      where c.removed_at is null and c.last_message_at > ${since}
        and (rm.read_at is null or c.last_message_at > rm.read_at or rm.marked_unread)
      union
      select c.id, greatest(${since}, rm.read_at), true
      from read_marks rm
      join ws_conversations c on c.id = rm.conversation_id and c.removed_at is null
      where rm.username = ${scope.username} and rm.marked_unread
    ) t
    cross join lateral (
      select (count(*) filter (where p.direction = 'inbound' and p.created_at <= ${latest}))::int as n
      from (
        select m.direction, m.created_at from ws_messages m
        where m.conversation_id = t.id and m.created_at > t.after
        order by m.created_at desc, m.id desc limit ${MESSAGE_PAGE}
      ) p
    ) k
    where k.n > 0 or t.marked
  )`;
}

/** The agent's unread threads and their counts. */
export async function unreadThreads(
  db: Kysely<Database>,
  scope: UnreadScope,
): Promise<{ conversation_id: string; unread: number }[]> {
  const result = await sql<{ conversation_id: string; unread: number }>`
    select conversation_id, unread from ${unreadThreadsSql(scope)} u order by conversation_id`.execute(db);
  return result.rows.map((r) => ({ conversation_id: r.conversation_id, unread: Number(r.unread) }));
}

/** The newest believable message of a thread (ms), or undefined when it holds none. */
export async function newestMessageOf(
  db: Kysely<Database>,
  conversationId: string,
  latest: Date,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('ws_messages')
    .select('created_at')
    .where('conversation_id', '=', conversationId)
    .where('created_at', '<=', latest)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at).getTime() : undefined;
}

/** How many of the newest threads are looked into for the workspace's newest message. */
const NEWEST_THREADS = 20;

/**
 * The newest believable message of the workspace (ms), where a new agent starts reading: looked
 * for in the threads with the newest last message, believable or not (a thread stamped in 9999 may
 * hold the newest believable message too), by index ws_conversations_newest, each by its own
 * newest believable message (ws_messages_thread), not by a scan of every message.
 */
export async function newestMessage(db: Kysely<Database>, latest: Date): Promise<number | undefined> {
  const bound = sql`${latest.toISOString()}::timestamptz`;
  const result = await sql<{ newest: Date | string | null }>`
    select max(m.created_at) as newest
    from (
      (select id from ws_conversations where removed_at is null
        order by last_message_at desc nulls last, id limit ${NEWEST_THREADS})
      union
      (select id from ws_conversations where removed_at is null and last_message_at <= ${bound}
        order by last_message_at desc nulls last, id limit ${NEWEST_THREADS})
    ) c
    cross join lateral (
      select created_at from ws_messages
      where conversation_id = c.id and created_at <= ${bound}
      order by created_at desc, id desc limit 1
    ) m`.execute(db);
  const newest = result.rows[0]?.newest;
  return newest === null || newest === undefined ? undefined : new Date(newest).getTime();
}
