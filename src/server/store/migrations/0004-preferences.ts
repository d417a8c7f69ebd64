import type { Kysely, Migration } from 'kysely';

// Each person's own settings (notifications), as JSON so a new setting needs no migration.
export const preferences: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('preferences')
      .addColumn('username', 'text', (c) => c.primaryKey())
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('preferences').execute();
  },
};
