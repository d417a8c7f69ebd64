import { sql, type Kysely, type Migration } from 'kysely';

// Labels and saved views (src/server/labels): the team's own labels (a name unique whatever its
// case, a colour, a place in the list), which threads carry them (one row per pair: the inbox's
// label filter reads it by label, the rows by thread), and the views people save of the inbox's
// filters, their own or the team's. The BFF's own data: a workspace reload leaves it alone, and a
// thread the upstream removed keeps its rows until it comes back (they are never listed without it).
export const labelsViews: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('labels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // One name whatever its case: two instances creating "Urgent" and "urgent" at once make one.
    await sql`create unique index labels_name_folded on labels (lower(name))`.execute(db);
    await db.schema
      .createTable('conversation_labels')
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('label_id', 'text', (c) => c.notNull().references('labels.id').onDelete('cascade'))
      .addColumn('added_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('conversation_labels_pk', ['conversation_id', 'label_id'])
      .execute();
    // The inbox's filter by label (and a view's count): the threads of one label.
    await db.schema
      .createIndex('conversation_labels_by_label')
      .on('conversation_labels')
      .columns(['label_id', 'conversation_id'])
      .execute();
    await db.schema
      .createTable('saved_views')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('mine', 'team')`))
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('filters', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saved_views_owner').on('saved_views').columns(['owner']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('saved_views').execute();
    await db.schema.dropTable('conversation_labels').execute();
    await db.schema.dropTable('labels').execute();
  },
};
