import { sql, type Kysely, type Migration } from 'kysely';

// Availability (src/server/availability): per person who signs in, the status they chose and when,
// when a tab of theirs last held the live stream (refreshed in batches by every instance while it
// does), and when a tab came back after none had been open for the idle time. Whether they count
// as Away is worked out from these when read. The BFF's own data: a workspace reload leaves it.
export const availability: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('availability')
      .addColumn('username', 'text', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('available')
          .check(sql`status in ('available', 'busy', 'away')`),
      )
      .addColumn('status_set_at', 'timestamptz')
      .addColumn('last_seen_at', 'timestamptz')
      .addColumn('back_at', 'timestamptz')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('availability').execute();
  },
};
