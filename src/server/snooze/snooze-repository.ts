import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { SnoozeRow } from './snooze-rules';

// The snoozes table (migration 0023): one row per sleeping thread.

export class SnoozeRepository {
  constructor(readonly db: Kysely<Database>) {}

  async of(conversationIds: readonly string[]): Promise<Map<string, SnoozeRow>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('snoozes')
      .selectAll()
      .where('conversation_id', 'in', [...new Set(conversationIds)])
      .execute();
    return new Map(rows.map((r) => [r.conversation_id, rowOf(r)]));
  }

  async get(conversationId: string): Promise<SnoozeRow | undefined> {
    return (await this.of([conversationId])).get(conversationId);
  }

  /** Puts the snooze (replacing one held) and answers the job id it replaced, if any. */
  async put(row: SnoozeRow, jobId: string): Promise<string | null> {
    return this.db.transaction().execute(async (tx) => {
      const held = await tx
        .selectFrom('snoozes')
        .select('job_id')
        .where('conversation_id', '=', row.conversationId)
        .forUpdate()
        .executeTakeFirst();
      await tx
        .insertInto('snoozes')
        .values({
          conversation_id: row.conversationId,
          until: row.until,
          snoozed_at: row.snoozedAt,
          username: row.username,
          job_id: jobId,
        })
        .onConflict((oc) =>
          oc.column('conversation_id').doUpdateSet({
            until: row.until,
            snoozed_at: row.snoozedAt,
            username: row.username,
            job_id: jobId,
          }),
        )
        .execute();
      return held?.job_id ?? null;
    });
  }

  /**
   * Removes the snooze; with `until`, only the one that ends then (a wake job for a snooze that was
   * since replaced removes nothing). Answers the removed row.
   */
  async remove(conversationId: string, until?: Date): Promise<(SnoozeRow & { jobId: string | null }) | null> {
    let query = this.db.deleteFrom('snoozes').where('conversation_id', '=', conversationId);
    if (until) query = query.where('until', '=', until);
    const row = await query.returningAll().executeTakeFirst();
    return row ? { ...rowOf(row), jobId: row.job_id } : null;
  }
}

const rowOf = (r: {
  conversation_id: string;
  until: Date;
  snoozed_at: Date;
  username: string;
}): SnoozeRow => ({
  conversationId: r.conversation_id,
  until: new Date(r.until),
  snoozedAt: new Date(r.snoozed_at),
  username: r.username,
});
