import { sql, type Kysely, type Migration } from 'kysely';

// Unread and reports read from the workspace tables (issue 35).
// - read_marks_marked_unread: the threads an agent marked unread, found without reading all of
//   their marks (GET /bff/unread, the inbox's Unread filter: src/server/unread/unread-queries.ts).
// - history_states: the last status of each thread and stage of each lead the report history's
//   recorder saw (src/server/reports/history-recorder.ts), so a move is judged against it in the
//   database instead of a map of every record in one instance's memory, and survives a change of
//   lease holder. Filled here from the workspace tables a database already holds.
export const unreadAndHistory: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create index read_marks_marked_unread on read_marks (username) where marked_unread`.execute(db);
    await sql`create table history_states (
      kind text not null, id text not null, state text not null, primary key (kind, id))`.execute(db);
    await sql`insert into history_states (kind, id, state)
      select 'conversation', id, status from ws_conversations where removed_at is null and status is not null
      union all
      select 'lead', id, status from ws_leads where removed_at is null and status is not null`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop table history_states`.execute(db);
    await sql`drop index read_marks_marked_unread`.execute(db);
  },
};
