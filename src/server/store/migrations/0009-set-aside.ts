import type { Kysely, Migration } from 'kysely';

// Rows a writer could not store (issue 34): a batch the database refuses for what one row holds is
// written again row by row, and a row refused again is kept here with its error instead of holding
// back every row behind it. For an operator to look at (newest first) and delete when understood.
export const setAside: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('set_aside')
      .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      // The writer's label: "audit", "search index", "history".
      .addColumn('writer', 'text', (c) => c.notNull())
      // The row as JSON text (U+0000 and lone surrogates escaped, so storable).
      .addColumn('row_json', 'text', (c) => c.notNull())
      .addColumn('error', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('set_aside_at').on('set_aside').column('at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('set_aside').execute();
  },
};
