import { sql, type Kysely, type Migration } from 'kysely';

// What the sync needs to plan its reads from the workspace tables instead of from memory (issue
// 35), each with the partial index that keeps its query proportional to what is left to do:
// - ws_conversations.page_read_for: the last_message_at a thread's newest page was last read for.
//   A thread needs a read when it was never read or has moved since.
// - ws_leads.activities_read_at: when a lead's activities were last read (its follow-up flag);
//   the catch-up starts with leads never read, newest first.
// - outbound messages whose tick may still move (pending, sent, delivered), by time.
export const syncBookkeeping: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`alter table ws_conversations add column page_read_for timestamptz`.execute(db);
    await sql`alter table ws_conversations add column page_read boolean not null default false`.execute(db);
    await sql`create index ws_conversations_to_read on ws_conversations (last_message_at desc nulls last, id)
      where removed_at is null and (not page_read or last_message_at > page_read_for)`.execute(db);
    await sql`alter table ws_leads add column activities_read_at bigint`.execute(db);
    await sql`create index ws_leads_activities_unread on ws_leads (created_at desc nulls last, id)
      where removed_at is null and activities_read_at is null`.execute(db);
    await sql`create index ws_messages_ticking on ws_messages (created_at)
      where direction = 'outbound' and status in ('pending', 'sent', 'delivered')`.execute(db);
    await sql`create index ws_messages_ticking_seen on ws_messages (seen_at)
      where direction = 'outbound' and status in ('pending', 'sent', 'delivered') and seen_at is not null`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop index ws_messages_ticking_seen`.execute(db);
    await sql`drop index ws_messages_ticking`.execute(db);
    await sql`drop index ws_leads_activities_unread`.execute(db);
    await sql`alter table ws_leads drop column activities_read_at`.execute(db);
    await sql`drop index ws_conversations_to_read`.execute(db);
    await sql`alter table ws_conversations drop column page_read`.execute(db);
    await sql`alter table ws_conversations drop column page_read_for`.execute(db);
  },
};
