import type { Kysely, Migration } from 'kysely';

// CSV imports (issue 15): a job per file and every row of it, with the row's outcome, so a job
// survives a restart or an outage and resumes where it stopped, and its report lists every row.
// `heartbeat_at` is the running instance's claim: a job whose heartbeat stops is taken over.
export const imports: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('import_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('duplicates', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('pending', 'integer', (c) => c.notNull())
      .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicates_found', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paused_reason', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('heartbeat_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('import_jobs_created').on('import_jobs').column('created_at').execute();
    await db.schema
      .createTable('import_rows')
      .addColumn('job_id', 'text', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
      .addColumn('row_number', 'integer', (c) => c.notNull())
      .addColumn('cells', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('record_id', 'text')
      .addColumn('attempted', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint('import_rows_pk', ['job_id', 'row_number'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('import_rows').execute();
    await db.schema.dropTable('import_jobs').execute();
  },
};
