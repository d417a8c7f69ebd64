import { sql, type Kysely, type Migration } from 'kysely';

// The audit log: who did which state-changing call and how it ended. Read newest first, filtered
// by person, action or outcome within a date range; purged by age.
export const auditLog: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('username', 'text')
      .addColumn('role', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('record', 'jsonb')
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addCheckConstraint(
        'audit_log_outcome_known',
        sql`outcome in ('success', 'failure', 'refused', 'throttled')`,
      )
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at desc', 'id desc']).execute();
    await db.schema
      .createIndex('audit_log_username_at')
      .on('audit_log')
      .columns(['username', 'at desc'])
      .execute();
    await db.schema
      .createIndex('audit_log_action_at')
      .on('audit_log')
      .columns(['action', 'at desc'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('audit_log').execute();
  },
};
