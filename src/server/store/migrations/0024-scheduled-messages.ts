import { sql, type Kysely, type Migration } from 'kysely';

// Messages the team scheduled (src/server/scheduled): one row each, from when it is scheduled
// until long after it went (or failed, or was cancelled), so the thread can show what became of it.
// `job_id` is the queue's job that sends it: an edit cancels it and schedules a new one. The BFF's
// own data: a workspace reload leaves it alone.
export const scheduledMessages: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('scheduled_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('text', 'text')
      .addColumn('reply_to', 'text')
      .addColumn('template', 'jsonb')
      .addColumn('send_at', 'timestamptz', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('failure', 'text')
      .addColumn('sent_message_id', 'text')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('job_id', 'text')
      // Runs of its job so far (an instance killed mid-run counts): the last one fails it in words.
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addCheckConstraint('scheduled_messages_kind', sql`kind in ('text', 'template')`)
      .addCheckConstraint(
        'scheduled_messages_state',
        sql`state in ('scheduled', 'sending', 'sent', 'failed', 'cancelled')`,
      )
      .execute();
    await db.schema
      .createIndex('scheduled_messages_conversation')
      .on('scheduled_messages')
      .columns(['conversation_id', 'send_at'])
      .execute();
    await db.schema
      .createIndex('scheduled_messages_username')
      .on('scheduled_messages')
      .columns(['username', 'send_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('scheduled_messages').execute();
  },
};
