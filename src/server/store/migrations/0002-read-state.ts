import type { Kysely, Migration } from 'kysely';

// Unread per agent and thread: what each agent has read of each thread (the time of the newest
// message read) and whether they marked it unread; and since when each agent's unread is counted,
// so a new agent does not start with every thread of the workspace unread.
export const readState: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('read_marks')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('read_at', 'timestamptz', (c) => c.notNull())
      .addColumn('marked_unread', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint('read_marks_pk', ['username', 'conversation_id'])
      .execute();
    await db.schema
      .createTable('readers')
      .addColumn('username', 'text', (c) => c.primaryKey())
      .addColumn('since', 'timestamptz', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('read_marks').execute();
    await db.schema.dropTable('readers').execute();
  },
};
