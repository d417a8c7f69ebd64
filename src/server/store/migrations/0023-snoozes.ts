import type { Kysely, Migration } from 'kysely';

// Threads the team snoozed (src/server/snooze): one row per thread while it sleeps, the job that
// wakes it in the job queue. The BFF's own data: a workspace reload leaves it alone.
export const snoozes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('snoozes')
      .addColumn('conversation_id', 'text', (c) => c.primaryKey())
      .addColumn('until', 'timestamptz', (c) => c.notNull())
      .addColumn('snoozed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('job_id', 'text')
      .execute();
    await db.schema.createIndex('snoozes_until').on('snoozes').column('until').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('snoozes').execute();
  },
};
