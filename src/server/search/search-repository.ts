import { sql, type Kysely, type RawBuilder } from 'kysely';
import { MATCH_END, MATCH_START, type Message } from '../../contract';
import type { Database } from '../store/schema';
import { storableText } from '../store/storable-text';
import { guarded } from '../store/store-errors';

// The message index (migration 0005): written by the indexer, read by the search route. Every
// call fails with DatabaseUnavailableError when the database cannot serve. Text from the upstream
// is made storable first: one message holding U+0000 once stopped the index on every instance
// (issue 34); the upstream keeps the original.

export interface IndexedMessage {
  readonly messageId: string;
  readonly conversationId: string;
  readonly direction: Message['direction'];
  readonly senderName: string | null;
  readonly body: string;
  readonly createdAt: string;
}

export interface FoundMessage {
  readonly messageId: string;
  readonly conversationId: string;
  readonly direction: Message['direction'];
  readonly snippet: string;
  readonly createdAt: string;
}

const MAX_WORDS = 8;
/** How many of the newest messages the search tries before the GIN index. */
const RECENT = 5_000;
const MARKERS = new RegExp(`[${MATCH_START}${MATCH_END}]`, 'g');
// ts_headline's options: our markers around matches, a fragment of a few words around the first.
const HEADLINE = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=16, MinWords=6, ShortWord=1, MaxFragments=1, FragmentDelimiter=" … "`;

/** The words of a query as a tsquery: every word must match, the last one also as a prefix (typing). */
export function toTsQuery(query: string): string | null {
  const words = (
    query
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  // Letters and digits only: nothing in a word can break out of its quotes.
  return words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

export class SearchRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Adds messages or replaces their text (a message is indexed again when it changes). */
  async upsert(messages: readonly IndexedMessage[]): Promise<void> {
    if (messages.length === 0) return;
    // The last word on a message wins when a batch holds it twice (ON CONFLICT may touch a row once).
    const unique = [...new Map(messages.map((m) => [m.messageId, m])).values()];
    const column = <T>(pick: (m: IndexedMessage) => T): T[] => unique.map(pick);
    await guarded(() =>
      sql`insert into search_messages (message_id, conversation_id, direction, sender_name, body, created_at)
        select * from unnest(
          ${column((m) => m.messageId)}::text[],
          ${column((m) => m.conversationId)}::text[],
          ${column((m) => m.direction)}::text[],
          ${column((m) => storableText(m.senderName))}::text[],
          ${column((m) => storableText(m.body.replace(MARKERS, ' ')))}::text[],
          ${column((m) => m.createdAt)}::timestamptz[]
        )
        on conflict (message_id) do update set
          body = excluded.body, sender_name = excluded.sender_name, direction = excluded.direction
          where search_messages.body is distinct from excluded.body
             or search_messages.sender_name is distinct from excluded.sender_name`.execute(this.db),
    );
  }

  /**
   * Newest first; the snippet marks the matched words. The newest RECENT messages are tried first
   * (along search_messages_newest): when `limit` of them match, they are the newest matches of all,
   * and a common word costs no sort of every match. Otherwise the GIN index finds them all.
   */
  async search(query: string, limit: number): Promise<FoundMessage[]> {
    const tsQuery = toTsQuery(query);
    if (tsQuery === null) return [];
    const found = (among: RawBuilder<unknown>) =>
      guarded(() =>
        sql<{
          message_id: string;
          conversation_id: string;
          direction: Message['direction'];
          created_at: Date;
          snippet: string;
        }>`select message_id, conversation_id, direction, created_at,
            ts_headline('simple', body, q, ${HEADLINE}) as snippet
          from (
            select message_id, conversation_id, direction, created_at, body, q
            from (${among}) m, to_tsquery('simple', ${tsQuery}) q
            where document @@ q
            order by created_at desc, message_id desc
            limit ${limit}
          ) hits
          order by created_at desc, message_id desc`.execute(this.db),
      );
    let rows = await found(
      sql`select * from search_messages order by created_at desc, message_id desc limit ${RECENT}`,
    );
    // OFFSET 0 keeps the matches a query of their own, found by the GIN index: flattened into the
    // outer ORDER BY … LIMIT, a rare word had the planner walk the time index through a million
    // messages (0.7 s).
    if (rows.rows.length < limit)
      rows = await found(
        sql`select * from search_messages where document @@ to_tsquery('simple', ${tsQuery}) offset 0`,
      );
    return rows.rows.map((r) => ({
      messageId: r.message_id,
      conversationId: r.conversation_id,
      direction: r.direction,
      snippet: r.snippet,
      createdAt: r.created_at.toISOString(),
    }));
  }

  /**
   * The newest thread of the workspace (migration 0011) whose history the back-fill has not read
   * to its start, and the message it stopped before (null: not begun). One query down the inbox's
   * index, skipping the threads already done.
   */
  async nextToBackfill(): Promise<{ conversationId: string; beforeId: string | null } | null> {
    const row = await guarded(() =>
      this.db
        .selectFrom('ws_conversations as c')
        .leftJoin('search_backfill as b', 'b.conversation_id', 'c.id')
        .select(['c.id', 'b.before_id'])
        .where('c.removed_at', 'is', null)
        .where((eb) => eb.or([eb('b.done', 'is', null), eb('b.done', '=', false)]))
        .orderBy(sql`c.last_message_at desc nulls last`)
        .orderBy('c.id')
        .limit(1)
        .executeTakeFirst(),
    );
    return row ? { conversationId: row.id, beforeId: row.before_id } : null;
  }

  async saveBackfill(conversationId: string, beforeId: string | null, done: boolean): Promise<void> {
    await guarded(() =>
      this.db
        .insertInto('search_backfill')
        .values({ conversation_id: conversationId, before_id: beforeId, done })
        .onConflict((oc) => oc.column('conversation_id').doUpdateSet({ before_id: beforeId, done }))
        .execute(),
    );
  }

  /** How many messages the index holds. */
  async count(): Promise<number> {
    const row = await guarded(() =>
      this.db
        .selectFrom('search_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    return Number(row.n);
  }
}
