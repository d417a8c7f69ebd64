import { sql, type Kysely, type Migration } from 'kysely';

// The inbox and the record pages read from the workspace tables (issue 35).
//
// ws_conversations.search: what an inbox search matches (issue 36.4), what the thread's row shows,
// lower-cased: its name by decisions.md's rule (a group's subject; the contact's name; else the
// latest inbound sender's name of the newest page; else the number, with its plus when it is
// phone-like), the contact's name, the group's subject, the number and the newest message's text.
// It depends on three tables, so the database keeps it: a row trigger on the thread itself, and
// statement triggers on ws_messages and ws_contacts that recompute the threads a statement touched
// (once per statement, not once per message) and write only those whose text changed. A trigram
// index answers `like '%…%'` without reading every thread (src/server/screens/inbox-list.ts).
//
// Also for the record pages (src/server/screens/record-screens.ts): a customer's threads by the
// customer_id in the record, and a contact's unlinked one-to-one threads by the digits of their id.

/** A thread's newest page (MESSAGE_PAGE of workspace-reader.ts), fixed here as this migration shipped. */
const PAGE = 20;

/**
 * The text a thread is found by; the SQL twin of conversationName (src/contract/thread-names.ts).
 * PL/pgSQL, so each of its lookups (by key, by ws_messages_thread) is planned once per session.
 */
const THREAD_SEARCH = `
  declare
    contact_name text;
    sender text;
    newest text;
    ext text := thread->>'external_thread_id';
    named_group boolean := coalesce(thread->'is_group' = 'true'::jsonb, false)
      and coalesce(thread->>'group_subject', '') <> '';
  begin
    if contact_id is not null then
      select nullif(concat_ws(' ', nullif(btrim(c.data->>'first_name'), ''), nullif(btrim(c.data->>'last_name'), '')), '')
        into contact_name from ws_contacts c where c.id = contact_id and c.removed_at is null;
    end if;
    select m.data->>'text' into newest from ws_messages m
      where m.conversation_id = thread_id order by m.created_at desc, m.id desc limit 1;
    if not named_group and contact_name is null then
      select btrim(p.sender_name) into sender from (
        select m.data->>'sender_name' as sender_name, m.direction, m.created_at, m.id from ws_messages m
        where m.conversation_id = thread_id order by m.created_at desc, m.id desc limit ${PAGE}
      ) p
      where p.direction = 'inbound' and btrim(coalesce(p.sender_name, '')) <> ''
      order by p.created_at desc, p.id desc limit 1;
    end if;
    return lower(concat_ws(' ', contact_name, sender, thread->>'group_subject', ext,
      case when ext ~ '^[1-9][0-9]{6,14}$' then '+' || ext end, newest));
  end`;

/** Recomputes the search text of the threads named by `ids` (a query), writing only changed ones. */
const refresh = (ids: string) => `
  update ws_conversations t set search = s.search
  from (select c.id, ws_thread_search(c.id, c.data, c.contact_id) as search
        from ws_conversations c where c.id in (${ids})) s
  where t.id = s.id and t.search is distinct from s.search`;

/** What of a message the search reads: a re-read message that differs in nothing else costs nothing. */
const MESSAGE_READ = (m: string) =>
  `(${m}.data->>'text', ${m}.data->>'sender_name', ${m}.created_at, ${m}.direction)`;
/** What of a contact the search reads. */
const CONTACT_READ = (c: string) => `(${c}.data->>'first_name', ${c}.data->>'last_name', ${c}.removed_at)`;

/** Statement triggers: what each recomputes, from its transition tables. */
const STATEMENT_TRIGGERS = [
  {
    table: 'ws_messages',
    event: 'insert',
    rows: 'new table as new_rows',
    threads: 'select conversation_id from new_rows',
  },
  {
    table: 'ws_messages',
    event: 'update',
    rows: 'old table as old_rows new table as new_rows',
    threads: `select n.conversation_id from new_rows n join old_rows o on o.id = n.id
      where ${MESSAGE_READ('n')} is distinct from ${MESSAGE_READ('o')}`,
  },
  {
    table: 'ws_messages',
    event: 'delete',
    rows: 'old table as old_rows',
    threads: 'select conversation_id from old_rows',
  },
  {
    table: 'ws_contacts',
    event: 'insert',
    rows: 'new table as new_rows',
    threads: `select c.id from ws_conversations c join new_rows n on c.contact_id = n.id
      where c.removed_at is null`,
  },
  {
    table: 'ws_contacts',
    event: 'update',
    rows: 'old table as old_rows new table as new_rows',
    threads: `select c.id from ws_conversations c join new_rows n on c.contact_id = n.id
      join old_rows o on o.id = n.id
      where c.removed_at is null and ${CONTACT_READ('n')} is distinct from ${CONTACT_READ('o')}`,
  },
] as const;

const triggerName = (t: { table: string; event: string }) => `${t.table}_search_${t.event}`;

export const inboxSearch: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create function ws_thread_search(thread_id text, thread jsonb, contact_id text) returns text
      language plpgsql stable as ${sql.lit(THREAD_SEARCH)}`.execute(db);
    await sql`alter table ws_conversations add column search text not null default ''`.execute(db);

    // The thread's own row: a new thread, or one whose record or contact changed. An upsert fires
    // the insert trigger for every row it offers, so a row that exists is left to the update one,
    // which sees what changed (a sweep re-reading 50,000 unchanged threads recomputes none).
    await sql`create function ws_conversations_search() returns trigger language plpgsql as ${sql.lit(`
      begin
        if tg_op = 'INSERT' and exists (select 1 from ws_conversations c where c.id = new.id) then
          return new;
        end if;
        if tg_op = 'UPDATE' and new.data is not distinct from old.data
          and new.contact_id is not distinct from old.contact_id then
          return new;
        end if;
        new.search := ws_thread_search(new.id, new.data, new.contact_id);
        return new;
      end`)}`.execute(db);
    await sql`create trigger ws_conversations_search before insert or update of data, contact_id
      on ws_conversations for each row execute function ws_conversations_search()`.execute(db);

    // Its messages (the newest text, the latest sender) and its contact (the name): once per
    // statement, for the threads whose search may have changed.
    for (const t of STATEMENT_TRIGGERS) {
      const name = triggerName(t);
      await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as ${sql.lit(
        `begin ${refresh(t.threads)}; return null; end`,
      )}`.execute(db);
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(t.event)} on ${sql.table(t.table)}
        referencing ${sql.raw(t.rows)} for each statement execute function ${sql.raw(name)}()`.execute(db);
    }

    await sql`update ws_conversations set search = ws_thread_search(id, data, contact_id)`.execute(db);
    // The inbox's search.
    await sql`create index ws_conversations_search on ws_conversations using gin (search gin_trgm_ops)`.execute(
      db,
    );

    // A customer's page: the threads whose record names the customer.
    await sql`create index ws_conversations_customer on ws_conversations ((data->>'customer_id'))
      where removed_at is null`.execute(db);
    // A contact's page: unlinked one-to-one threads on their number (the digits of the thread's id
    // before any '@', as isContactThread in src/contract/contact-links.ts compares them).
    await sql`create function ws_thread_digits(text) returns text language sql immutable strict parallel safe
      as ${sql.lit(`select regexp_replace(regexp_replace($1, '@.*$', ''), '[^0-9]', '', 'g')`)}`.execute(db);
    await sql`create index ws_conversations_number on ws_conversations (ws_thread_digits(external_thread_id))
      where removed_at is null and contact_id is null`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop index ws_conversations_number`.execute(db);
    await sql`drop function ws_thread_digits(text)`.execute(db);
    await sql`drop index ws_conversations_customer`.execute(db);
    await sql`drop index ws_conversations_search`.execute(db);
    for (const t of STATEMENT_TRIGGERS) {
      await sql`drop trigger ${sql.raw(triggerName(t))} on ${sql.table(t.table)}`.execute(db);
      await sql`drop function ${sql.raw(triggerName(t))}()`.execute(db);
    }
    await sql`drop trigger ws_conversations_search on ws_conversations`.execute(db);
    await sql`drop function ws_conversations_search()`.execute(db);
    await sql`alter table ws_conversations drop column search`.execute(db);
    await sql`drop function ws_thread_search(text, jsonb, text)`.execute(db);
  },
};
