import { sql, type Kysely, type Migration } from 'kysely';

// Who on the team sent each message the BFF sent, or the AI agent that answered the thread when an
// outbound message arrived (issue 36.1): the team's own data, read by thread for its bubbles and by
// message id for the inbox's previews, search and reports. user_id is the upstream's id of the
// teammate (or the agent's), as reports group replies by it.
export const messageAuthors: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create table message_authors (
      message_id text primary key,
      conversation_id text not null,
      kind text not null check (kind in ('person', 'ai')),
      username text,
      user_id text,
      name text not null,
      recorded_at timestamptz not null default now()
    )`.execute(db);
    await sql`create index message_authors_conversation on message_authors (conversation_id, recorded_at desc)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop table message_authors`.execute(db);
  },
};
