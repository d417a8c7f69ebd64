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

export interface ReaderMarks {
  /** Since when this agent's unread is counted (ms). */
  readonly since: number;
  readonly marks: ReadMark[];
}

export class ReadMarksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The agent's marks; a first-time reader is recorded as reading from `now` on. */
  async load(username: string, now: Date): Promise<ReaderMarks> {
    return guarded(async () => {
      await this.db
        .insertInto('readers')
        .values({ username, since: now })
        .onConflict((oc) => oc.column('username').doNothing())
        .execute();
      const reader = await this.db
        .selectFrom('readers')
        .select('since')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      const rows = await this.db
        .selectFrom('read_marks')
        .select(['conversation_id', 'read_at', 'marked_unread'])
        .where('username', '=', username)
        .execute();
      return {
        since: reader.since.getTime(),
        marks: rows.map((r) => ({
          conversationId: r.conversation_id,
          readAt: r.read_at.getTime(),
          markedUnread: r.marked_unread,
        })),
      };
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
}
