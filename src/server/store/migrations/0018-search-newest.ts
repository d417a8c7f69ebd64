import { sql, type Kysely, type Migration } from 'kysely';

// The message search's newest matches without sorting all of them (issue 35): a common word can
// match a tenth of a million messages, which the GIN index finds but cannot put in time order.
// Along this index the newest messages are read first, so the search tries the newest ones before
// it asks the GIN index (search-repository.ts).
export const searchNewest: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create index search_messages_newest on search_messages (created_at desc, message_id desc)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop index search_messages_newest`.execute(db);
  },
};
