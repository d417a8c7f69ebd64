import { sql, type Kysely } from 'kysely';
import type { MessageAuthor, MessageAuthors } from '../../contract';
import type { Database } from '../store/schema';
import { storableText } from '../store/storable-text';

// The message_authors table (migration 0021), written and read only here. A teammate's send is
// recorded from the proxy's answer (write-through.ts); an outbound message the sync finds while an
// AI agent answers its thread is the agent's (ai-authors.ts). A teammate wins over the agent: the
// hot read may see a teammate's reply before the write-through records who sent it. A send's own
// answer names its message, so a teammate's record replaces whatever was kept under that id (an
// upstream that reused ids after a reset, as the fake does, must not leave the old sender).

/** A thread's authors come with its screen: its newest ones, which is every one for nearly all. */
export const THREAD_AUTHORS_MAX = 1_000;

type Db = Kysely<Database>;

const rowOf = (conversationId: string, messageId: string, author: MessageAuthor) => ({
  message_id: storableText(messageId),
  conversation_id: storableText(conversationId),
  kind: author.kind,
  // U+0000 and lone surrogates, which PostgreSQL refuses, as U+FFFD (names come from a users file).
  username: author.kind === 'person' && author.username !== undefined ? storableText(author.username) : null,
  user_id: author.userId === undefined ? null : storableText(author.userId),
  name: storableText(author.name),
});

/** Records who sent these messages of one thread; answers whether anything changed. */
export async function recordAuthors(
  db: Db,
  conversationId: string,
  authors: MessageAuthors,
): Promise<boolean> {
  const entries = Object.entries(authors);
  const people = entries
    .filter(([, a]) => a.kind === 'person')
    .map(([id, a]) => rowOf(conversationId, id, a));
  const agents = entries.filter(([, a]) => a.kind === 'ai').map(([id, a]) => rowOf(conversationId, id, a));
  let changed = 0;
  if (people.length > 0) {
    const done = await db
      .insertInto('message_authors')
      .values(people)
      .onConflict((oc) =>
        oc
          .column('message_id')
          .doUpdateSet((eb) => ({
            conversation_id: eb.ref('excluded.conversation_id'),
            kind: eb.ref('excluded.kind'),
            username: eb.ref('excluded.username'),
            user_id: eb.ref('excluded.user_id'),
            name: eb.ref('excluded.name'),
          }))
          // Only a real change is told: a repeat of the same send's record changes nothing.
          .where(
            sql<boolean>`(message_authors.conversation_id, message_authors.kind, message_authors.username,
              message_authors.user_id, message_authors.name) is distinct from (excluded.conversation_id,
              excluded.kind, excluded.username, excluded.user_id, excluded.name)`,
          ),
      )
      .executeTakeFirst();
    changed += Number(done.numInsertedOrUpdatedRows ?? 0n);
  }
  if (agents.length > 0) {
    const done = await db
      .insertInto('message_authors')
      .values(agents)
      .onConflict((oc) => oc.column('message_id').doNothing())
      .executeTakeFirst();
    changed += Number(done.numInsertedOrUpdatedRows ?? 0n);
  }
  return changed > 0;
}

interface Row {
  kind: 'person' | 'ai';
  username: string | null;
  user_id: string | null;
  name: string;
}
const authorOf = (r: Row): MessageAuthor => ({
  kind: r.kind,
  name: r.name,
  ...(r.kind === 'person' && r.username !== null ? { username: r.username } : {}),
  ...(r.user_id !== null ? { userId: r.user_id } : {}),
});

export class AuthorsRepository {
  constructor(private readonly db: Db) {}

  /** A thread's authors, its newest THREAD_AUTHORS_MAX (by index message_authors_conversation). */
  async ofConversation(conversationId: string): Promise<MessageAuthors> {
    const rows = await this.db
      .selectFrom('message_authors')
      .select(['message_id', 'kind', 'username', 'user_id', 'name'])
      .where('conversation_id', '=', conversationId)
      .orderBy('recorded_at', 'desc')
      .limit(THREAD_AUTHORS_MAX)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.message_id, authorOf(r)]));
  }

  /** The authors of these messages (those that have one), by primary key. */
  async ofMessages(messageIds: readonly string[]): Promise<MessageAuthors> {
    if (messageIds.length === 0) return {};
    const rows = await this.db
      .selectFrom('message_authors')
      .select(['message_id', 'kind', 'username', 'user_id', 'name'])
      .where('message_id', 'in', [...new Set(messageIds)])
      .execute();
    return Object.fromEntries(rows.map((r) => [r.message_id, authorOf(r)]));
  }
}
