import type { Kysely, Migration } from 'kysely';

// How far the search index's back-fill has read each thread's older history: the oldest message
// read so far (the next page is read before it) and whether the thread's start was reached. Kept
// so a restart goes on where it stopped instead of reading every thread again.
export const searchBackfill: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('search_backfill')
      .addColumn('conversation_id', 'text', (c) => c.primaryKey())
      .addColumn('before_id', 'text')
      .addColumn('done', 'boolean', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('search_backfill').execute();
  },
};
