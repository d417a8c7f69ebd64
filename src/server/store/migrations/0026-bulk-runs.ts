import { sql, type Kysely, type Migration } from 'kysely';

// Bulk actions (src/server/bulk): a run, and one row per record it acts on, in the order it takes
// them. Progress is counted from the rows, so it is exact whichever instance did the work; a row's
// `attempted_at` is set before its upstream write and its state after, so a slice run again after
// its instance died looks a record up rather than writing it twice. The BFF's own data: a workspace
// reload leaves it alone.
export const bulkRuns: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('bulk_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('args', 'jsonb', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('started_by', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bulk_runs_started_by')
      .on('bulk_runs')
      .columns(['started_by', 'created_at'])
      .execute();
    await db.schema
      .createTable('bulk_items')
      .addColumn('run_id', 'text', (c) => c.notNull().references('bulk_runs.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('record_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo(sql`'pending'`))
      .addColumn('reason', 'text')
      .addColumn('attempted_at', 'timestamptz')
      .addColumn('finished_at', 'timestamptz')
      .addPrimaryKeyConstraint('bulk_items_pk', ['run_id', 'seq'])
      .addUniqueConstraint('bulk_items_record', ['run_id', 'record_id'])
      .execute();
    await db.schema
      .createIndex('bulk_items_state')
      .on('bulk_items')
      .columns(['run_id', 'state', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('bulk_items').execute();
    await db.schema.dropTable('bulk_runs').execute();
  },
};
