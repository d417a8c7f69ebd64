import { sql, type Kysely, type Migration } from 'kysely';

// The workspace as the upstream last said it (issue 35): every instance reads these tables, none
// holds a copy. Each record is kept whole as jsonb (`data`, what the contract parsed, made
// storable) beside the columns the screens filter, order and search by, which the writer derives
// from the record (src/server/workspace/record-kinds.ts) so a hostile value never fails a cast.
//
// Bookkeeping on every record table, in the BFF's clock (epoch ms, bigint):
// - changed_at: when a change was last applied. A read that began before it is stale for the row
//   (a sweep that started before a write never puts the old record back).
// - read_at: when a full read last returned the row; a full read that did not return it removes it.
// - removed_at: a tombstone. A removed row stays (filtered out) for a while, so a late upsert of
//   it is refused; pruning deletes it afterwards.
// - change_batch: which write last changed the row; the writer's RETURNING tells changed rows
//   from merely re-read ones by it.

const bookkeeping = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
  table
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('removed_at', 'bigint')
    .addColumn('change_batch', 'text');

export const workspace: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create extension if not exists pg_trgm`.execute(db);

    await bookkeeping(
      db.schema
        .createTable('ws_conversations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('last_message_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz')
        .addColumn('status', 'text')
        .addColumn('assignee', 'text')
        .addColumn('channel_id', 'text')
        .addColumn('contact_id', 'text')
        .addColumn('external_thread_id', 'text'),
    ).execute();
    // The inbox's order (newest last message first, then id), with and without its filters.
    await sql`create index ws_conversations_newest on ws_conversations (last_message_at desc nulls last, id) where removed_at is null`.execute(
      db,
    );
    await sql`create index ws_conversations_status on ws_conversations (status, last_message_at desc nulls last, id) where removed_at is null`.execute(
      db,
    );
    await sql`create index ws_conversations_assignee on ws_conversations (assignee, last_message_at desc nulls last, id) where removed_at is null`.execute(
      db,
    );
    await sql`create index ws_conversations_contact on ws_conversations (contact_id)`.execute(db);
    await sql`create index ws_conversations_thread on ws_conversations (external_thread_id)`.execute(db);

    await db.schema
      .createTable('ws_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('conversation_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      // When the BFF first saw an outbound message in a change (its clock): a tick's age is judged
      // by it as well as by created_at, since the upstream's clock may not agree with ours.
      .addColumn('seen_at', 'bigint')
      .addColumn('change_batch', 'text')
      .execute();
    await sql`create index ws_messages_thread on ws_messages (conversation_id, created_at desc, id desc)`.execute(
      db,
    );

    await bookkeeping(
      db.schema
        .createTable('ws_leads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('status', 'text')
        .addColumn('created_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz')
        .addColumn('assignee', 'text')
        .addColumn('priority', 'text')
        .addColumn('value', 'double precision')
        .addColumn('currency', 'text')
        .addColumn('probability', 'double precision')
        // Lower-cased name, email, company and phone: what a lead search matches.
        .addColumn('search', 'text', (c) => c.notNull().defaultTo('')),
    ).execute();
    // A board column: its leads newest first, then id (the upstream's order).
    await sql`create index ws_leads_column on ws_leads (status, created_at desc nulls last, id) where removed_at is null`.execute(
      db,
    );
    await sql`create index ws_leads_search on ws_leads using gin (search gin_trgm_ops)`.execute(db);

    await bookkeeping(
      db.schema
        .createTable('ws_customers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('updated_at', 'timestamptz')
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('search', 'text', (c) => c.notNull().defaultTo('')),
    ).execute();
    await sql`create index ws_customers_name on ws_customers (lower(name), id) where removed_at is null`.execute(
      db,
    );
    await sql`create index ws_customers_search on ws_customers using gin (search gin_trgm_ops)`.execute(db);

    await bookkeeping(
      db.schema
        .createTable('ws_contacts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text')
        .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('search', 'text', (c) => c.notNull().defaultTo('')),
    ).execute();
    await sql`create index ws_contacts_customer on ws_contacts (customer_id) where removed_at is null`.execute(
      db,
    );
    await sql`create index ws_contacts_search on ws_contacts using gin (search gin_trgm_ops)`.execute(db);

    // Lists the upstream sends whole: stages, tags, channels, quick replies; templates per channel.
    await db.schema
      .createTable('ws_lists')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('ws_templates')
      .addColumn('channel_id', 'text', (c) => c.primaryKey())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .execute();

    // Leads one of whose activities asks for a follow-up (the board's flags), and when each lead's
    // activities were last read (the paced catch-up starts with leads never read).
    await db.schema
      .createTable('ws_follow_ups')
      .addColumn('lead_id', 'text', (c) => c.primaryKey())
      .addColumn('follow_up', 'boolean', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .addColumn('read_at', 'bigint')
      .execute();
    await sql`create index ws_follow_ups_flagged on ws_follow_ups (lead_id) where follow_up`.execute(db);

    // Small facts of the sync: the upstream's state, which collections were loaded in full,
    // whose contact lists were read. JSON values by key.
    await db.schema
      .createTable('ws_meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('ws_contact_lists_read')
      .addColumn('customer_id', 'text', (c) => c.primaryKey())
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of [
      'ws_contact_lists_read',
      'ws_meta',
      'ws_follow_ups',
      'ws_templates',
      'ws_lists',
      'ws_contacts',
      'ws_customers',
      'ws_leads',
      'ws_messages',
      'ws_conversations',
    ])
      await db.schema.dropTable(table).execute();
  },
};
