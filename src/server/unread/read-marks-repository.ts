import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { guarded } from '../store/store-errors';

// The read_marks and readers tables, read and written only here. Every call fails with
// DatabaseUnavailableError when the database cannot serve.

export interface ReadMark {
  readonly conversationId: string;
  /** Milliseconds since the epoch. */
  readonly readAt: number;
  readonly markedUnread: boolean;
}

export class ReadMarksRepository {
  constructor(readonly db: Kysely<Database>) {}

  /**
   * Since when the agent's unread is counted (ms); a first-time reader is recorded as reading from
   * `firstUse()` on (asked only then), and a later call keeps the first time.
   */
  async since(username: string, firstUse: () => Promise<Date>): Promise<number> {
    return guarded(async () => {
      const held = await this.sinceOf(username);
      if (held !== undefined) return held;
      await this.db
        .insertInto('readers')
        .values({ username, since: await firstUse() })
        .onConflict((oc) => oc.column('username').doNothing())
        .execute();
      return (await this.sinceOf(username))!;
    });
  }

  /** The agent's mark on a thread, if any. */
  async mark(username: string, conversationId: string): Promise<ReadMark | undefined> {
    return guarded(async () => {
      const row = await this.db
        .selectFrom('read_marks')
        .select(['read_at', 'marked_unread'])
        .where('username', '=', username)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      return row
        ? { conversationId, readAt: row.read_at.getTime(), markedUnread: row.marked_unread }
        : undefined;
    });
  }

  /** Writes an agent's mark on a thread; a read never moves the mark back in time. */
  async save(username: string, mark: ReadMark): Promise<ReadMark> {
    return guarded(async () => {
      const row = await this.db
        .insertInto('read_marks')
        .values({
          username,
          conversation_id: mark.conversationId,
          read_at: new Date(mark.readAt),
          marked_unread: mark.markedUnread,
        })
        .onConflict((oc) =>
          oc.columns(['username', 'conversation_id']).doUpdateSet((eb) => ({
            read_at: eb
              .case()
              .when('read_marks.read_at', '>', eb.ref('excluded.read_at'))
              .then(eb.ref('read_marks.read_at'))
              .else(eb.ref('excluded.read_at'))
              .end(),
            marked_unread: eb.ref('excluded.marked_unread'),
          })),
        )
        .returning(['read_at', 'marked_unread'])
        .executeTakeFirstOrThrow();
      return {
        conversationId: mark.conversationId,
        readAt: row.read_at.getTime(),
        markedUnread: row.marked_unread,
      };
    });
  }

  private async sinceOf(username: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('readers')
      .select('since')
      .where('username', '=', username)
      .executeTakeFirst();
    return row?.since.getTime();
  }
}
