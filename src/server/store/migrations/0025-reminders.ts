import { sql, type Kysely, type Migration } from 'kysely';

// Reminders people set on threads and leads (src/server/reminders): one row per reminder, kept
// after it fired or was done so that what happened stays visible; the job that fires it is in the
// job queue. The BFF's own data: a workspace reload leaves it alone.
export const reminders: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('reminders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('target_kind', 'text', (c) =>
        c.notNull().check(sql`target_kind in ('conversation', 'lead')`),
      )
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('due_at', 'timestamptz', (c) => c.notNull())
      .addColumn('state', 'text', (c) =>
        c.notNull().check(sql`state in ('pending', 'due', 'done', 'cancelled')`),
      )
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('fired_at', 'timestamptz')
      // While a job is telling the person's browsers (a lease), and once it has: a job re-run
      // after its instance died tells them then, rather than leaving a due reminder unheard of.
      .addColumn('notifying_at', 'timestamptz')
      .addColumn('notified_at', 'timestamptz')
      .addColumn('record_gone', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('job_id', 'text')
      .execute();
    // A person's list (by state, soonest first), and the start-up sweep of reminders past their time.
    await db.schema
      .createIndex('reminders_owner_state')
      .on('reminders')
      .columns(['username', 'state', 'due_at'])
      .execute();
    await db.schema.createIndex('reminders_state_due').on('reminders').columns(['state', 'due_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('reminders').execute();
  },
};
