import { sql, type Kysely, type Migration } from 'kysely';

// Assignment rules (src/server/assignment): one rule per channel with its round-robin cursor (the
// row every decision in the channel locks, so instances decide one after another); the threads
// waiting for an agent, with when they began to wait why the last attempt did not assign them and whom not to give them to (an owner who did not reply);
// and each thread's last automatic assignment, which the no-reply check compares with the thread's
// owner and messages, pending while the upstream's answer is awaited (counted in the owner's load). The BFF's own data: a workspace reload leaves it.
export const assignmentRules: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('assignment_rules')
      .addColumn('channel_id', 'text', (c) => c.primaryKey())
      .addColumn('enabled', 'boolean', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('round-robin', 'least-loaded')`))
      .addColumn('members', sql`text[]`, (c) => c.notNull())
      .addColumn('cap', 'integer')
      .addColumn('no_reply_minutes', 'integer')
      .addColumn('no_reply_to', 'text')
      .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
    await db.schema
      .createTable('assignment_waiting')
      .addColumn('conversation_id', 'text', (c) => c.primaryKey())
      .addColumn('channel_id', 'text', (c) => c.notNull())
      .addColumn('entered_at', 'timestamptz', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('not_to', 'text')
      .execute();
    await db.schema
      .createIndex('assignment_waiting_oldest')
      .on('assignment_waiting')
      .columns(['channel_id', 'entered_at'])
      .execute();
    await db.schema
      .createTable('assignment_given')
      .addColumn('conversation_id', 'text', (c) => c.primaryKey())
      .addColumn('channel_id', 'text', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('assigned_at', 'timestamptz', (c) => c.notNull())
      .addColumn('pending', 'boolean', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('assignment_given').execute();
    await db.schema.dropTable('assignment_waiting').execute();
    await db.schema.dropTable('assignment_rules').execute();
  },
};
