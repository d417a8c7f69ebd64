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

/** The text a thread is found by; the SQL twin of conversationName (src/contract/thread-names.ts). */
const THREAD_SEARCH = `
  with contact as (
    select nullif(concat_ws(' ', nullif(btrim(c.data->>'first_name'), ''), nullif(btrim(c.data->>'last_name'), '')), '') as name
    from ws_contacts c where c.id = $3 and c.removed_at is null
  ), page as (
    select m.data, m.direction, m.created_at, m.id from ws_messages m
    where m.conversation_id = $1 order by m.created_at desc, m.id desc limit ${PAGE}
  )
  select lower(concat_ws(' ',
    (select name from contact),
    case when not (coalesce($2->'is_group' = 'true'::jsonb, false) and coalesce($2->>'group_subject', '') <> '')
      and (select name from contact) is null
    then (select btrim(p.data->>'sender_name') from page p
      where p.direction = 'inbound' and btrim(coalesce(p.data->>'sender_name', '')) <> ''
      order by p.created_at desc, p.id desc limit 1) end,
    $2->>'group_subject',
    $2->>'external_thread_id',
    case when $2->>'external_thread_id' ~ '^[1-9][0-9]{6,14}$' then '+' || ($2->>'external_thread_id') end,
    (select p.data->>'text' from page p order by p.created_at desc, p.id desc limit 1)
  ))`;

/** Recomputes the search text of the threads named by `ids` (a query), writing only changed ones. */
const refresh = (ids: string) => `
  update ws_conversations t set search = s.search
  from (select c.id, ws_thread_search(c.id, c.data, c.contact_id) as search
        from ws_conversations c where c.id in (${ids})) s
  where t.id = s.id and t.search is distinct from s.search`;

export const inboxSearch: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create function ws_thread_search(text, jsonb, text) returns text language sql stable
      as ${sql.lit(THREAD_SEARCH)}`.execute(db);
    await sql`alter table ws_conversations add column search text not null default ''`.execute(db);

    // The thread's own row: on a new thread, or when its record or its contact changed.
    await sql`create function ws_conversations_search() returns trigger language plpgsql as ${sql.lit(`
      begin
        if tg_op = 'UPDATE' and new.data is not distinct from old.data
          and new.contact_id is not distinct from old.contact_id then
          return new;
        end if;
        new.search := ws_thread_search(new.id, new.data, new.contact_id);
        return new;
      end`)}`.execute(db);
    await sql`create trigger ws_conversations_search before insert or update of data, contact_id
      on ws_conversations for each row execute function ws_conversations_search()`.execute(db);

    // Its messages (the newest text, the latest sender) and its contact (the name).
    const statementTrigger = async (name: string, body: string) =>
      sql`create function ${sql.raw(name)}() returns trigger language plpgsql as ${sql.lit(
        `begin ${body}; return null; end`,
      )}`.execute(db);
    await statementTrigger(
      'ws_messages_new_search',
      refresh('select distinct conversation_id from new_rows'),
    );
    await statementTrigger(
      'ws_messages_old_search',
      refresh('select distinct conversation_id from old_rows'),
    );
    await statementTrigger(
      'ws_contacts_search',
      refresh(
        'select c.id from ws_conversations c where c.contact_id in (select id from new_rows) and c.removed_at is null',
      ),
    );
    for (const [table, fn, event, rows] of [
      ['ws_messages', 'ws_messages_new_search', 'insert', 'new table as new_rows'],
      ['ws_messages', 'ws_messages_new_search', 'update', 'new table as new_rows'],
      ['ws_messages', 'ws_messages_old_search', 'delete', 'old table as old_rows'],
      ['ws_contacts', 'ws_contacts_search', 'insert', 'new table as new_rows'],
      ['ws_contacts', 'ws_contacts_search', 'update', 'new table as new_rows'],
    ] as const)
      await sql`create trigger ${sql.raw(`${table}_search_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(rows)} for each statement execute function ${sql.raw(fn)}()`.execute(db);

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
    for (const [table, event] of [
      ['ws_messages', 'insert'],
      ['ws_messages', 'update'],
      ['ws_messages', 'delete'],
      ['ws_contacts', 'insert'],
      ['ws_contacts', 'update'],
    ] as const)
      await sql`drop trigger ${sql.raw(`${table}_search_${event}`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ws_conversations_search on ws_conversations`.execute(db);
    for (const fn of [
      'ws_contacts_search',
      'ws_messages_old_search',
      'ws_messages_new_search',
      'ws_conversations_search',
    ])
      await sql`drop function ${sql.raw(fn)}()`.execute(db);
    await sql`alter table ws_conversations drop column search`.execute(db);
    await sql`drop function ws_thread_search(text, jsonb, text)`.execute(db);
  },
};
