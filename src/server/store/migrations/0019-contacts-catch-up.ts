import { sql, type Kysely, type Migration } from 'kysely';

// The contacts catch-up without a scan (issue 35): a customer whose contact list was never read is
// found along a partial index that holds only those, so each pick costs what it returns, not the
// number of customers already read. ws_contact_lists_read stays the record of what was read (a
// screen may read a customer's contacts before the customers sweep has written that customer);
// contacts_read_at copies it onto the customer's row for this index.
export const contactsCatchUp: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`alter table ws_customers add column contacts_read_at bigint`.execute(db);
    await sql`update ws_customers c set contacts_read_at = r.read_at
      from ws_contact_lists_read r where r.customer_id = c.id`.execute(db);
    await sql`create index ws_customers_contacts_unread on ws_customers (lower(name), id)
      where removed_at is null and contacts_read_at is null`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`drop index ws_customers_contacts_unread`.execute(db);
    await sql`alter table ws_customers drop column contacts_read_at`.execute(db);
  },
};
