import { sql, type Kysely, type Migration } from 'kysely';

// History for reports, recorded by the BFF from the sync and its own writes (the upstream keeps
// no history): every message's direction and time with the thread's channel and owner then, each
// thread's resolution, each lead's move between stages, and when recording began.
export const history: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('history_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('channel_id', 'text')
      .addColumn('assignee', 'text')
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('history_messages_at').on('history_messages').column('created_at').execute();
    await db.schema
      .createIndex('history_messages_thread')
      .on('history_messages')
      .columns(['conversation_id', 'direction', 'created_at'])
      .execute();
    await db.schema
      .createTable('history_resolutions')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('channel_id', 'text')
      .addColumn('assignee', 'text')
      .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
      .addColumn('resolved_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('history_resolutions_at')
      .on('history_resolutions')
      .column('resolved_at')
      .execute();
    await db.schema
      .createTable('history_lead_moves')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('lead_id', 'text', (c) => c.notNull())
      .addColumn('from_stage', 'text')
      .addColumn('to_stage', 'text', (c) => c.notNull())
      .addColumn('value', 'double precision')
      .addColumn('currency', 'text')
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('history_lead_moves_at').on('history_lead_moves').column('at').execute();
    await db.schema
      .createTable('history_meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into history_meta (key, value) values ('started_at', ${new Date().toISOString()})`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['history_meta', 'history_lead_moves', 'history_resolutions', 'history_messages'])
      await db.schema.dropTable(table).execute();
  },
};
