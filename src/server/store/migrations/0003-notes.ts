import type { Kysely, Migration } from 'kysely';

// Private notes on threads, and who each one mentions (read or not): the team's own data.
export const notes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('notes')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notes_conversation_created')
      .on('notes')
      .columns(['conversation_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('mentions')
      .addColumn('note_id', 'bigint', (c) => c.notNull().references('notes.id').onDelete('cascade'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('read_at', 'timestamptz')
      .addPrimaryKeyConstraint('mentions_pk', ['note_id', 'username'])
      .execute();
    await db.schema
      .createIndex('mentions_username')
      .on('mentions')
      .columns(['username', 'note_id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('mentions').execute();
    await db.schema.dropTable('notes').execute();
  },
};
