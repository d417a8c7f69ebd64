import { sql, type Kysely, type Migration } from 'kysely';

// Business hours and SLA policies (src/server/sla): the workspace's one calendar (a single row:
// its zone, weekly shifts and holidays as JSON), a policy per channel, and the SLA clocks, one per
// thread, target kind and start. A clock runs until `stopped_at`; it was met when it stopped by
// its due instant (`met_at`) and breached once its due instant passed while running
// (`breached_at`, set by the job due then). Screens read a thread's running clock by the partial
// index on running clocks; reports count met and breached ones by when they ended. The BFF's own
// data: a workspace reload leaves it.
export const businessHoursSla: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('sla_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('hours', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sla_policies')
      .addColumn('channel_id', 'text', (c) => c.primaryKey())
      .addColumn('first_response_minutes', 'integer', (c) => c.check(sql`first_response_minutes > 0`))
      .addColumn('next_response_minutes', 'integer', (c) => c.check(sql`next_response_minutes > 0`))
      .addColumn('resolution_minutes', 'integer', (c) => c.check(sql`resolution_minutes > 0`))
      .addColumn('business_hours', 'boolean', (c) => c.notNull().defaultTo(true))
      // When the channel first got a policy: no clock starts for a message before it.
      .addColumn('since', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sla_clocks')
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind in ('first-response', 'next-response', 'resolution')`),
      )
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('due_at', 'timestamptz', (c) => c.notNull())
      .addColumn('at_risk_at', 'timestamptz', (c) => c.notNull())
      .addColumn('target_minutes', 'integer', (c) => c.notNull())
      .addColumn('business_hours', 'boolean', (c) => c.notNull())
      .addColumn('channel_id', 'text')
      .addColumn('owner', 'text')
      .addColumn('stopped_at', 'timestamptz')
      .addColumn('met_at', 'timestamptz')
      .addColumn('breached_at', 'timestamptz')
      .addPrimaryKeyConstraint('sla_clocks_pk', ['conversation_id', 'kind', 'started_at'])
      .execute();
    await sql`create index sla_clocks_running on sla_clocks (conversation_id, due_at)
      where stopped_at is null`.execute(db);
    await sql`create index sla_clocks_met on sla_clocks (met_at) where met_at is not null`.execute(db);
    await sql`create index sla_clocks_breached on sla_clocks (breached_at)
      where breached_at is not null`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('sla_clocks').execute();
    await db.schema.dropTable('sla_policies').execute();
    await db.schema.dropTable('sla_settings').execute();
  },
};
