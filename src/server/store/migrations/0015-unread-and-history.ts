import { sql, type Kysely, type Migration } from 'kysely';

// Unread and reports read from the workspace tables (issue 35).
// - read_marks_marked_unread: the threads an agent marked unread, found without reading all of
//   their marks (GET /bff/unread, the inbox's Unread filter: src/server/unread/unread-queries.ts).
export const unreadAndHistory: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create index read_marks_marked_unread on read_marks (username) where marked_unread`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop index read_marks_marked_unread`.execute(db);
  },
};
