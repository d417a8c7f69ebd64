import { sql, type Kysely, type Migration } from 'kysely';

// Message search: every message the sync learns, its text as a tsvector kept by PostgreSQL (a
// generated column) and a GIN index over it. The 'simple' configuration: chats mix languages, and
// a stemmer for one would mangle the others; words match whole or by prefix.
export const search: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('search_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('sender_name', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('document', sql`tsvector`, (c) =>
        c.generatedAlwaysAs(sql`to_tsvector('simple', body)`).stored(),
      )
      .execute();
    await sql`create index search_messages_document on search_messages using gin (document)`.execute(db);
    await db.schema
      .createIndex('search_messages_conversation')
      .on('search_messages')
      .columns(['conversation_id', 'created_at desc'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('search_messages').execute();
  },
};
