import { sql, type Kysely, type Migration } from 'kysely';

// Idempotency keys of sends and creates (issue 34): the browser names each send or create with a
// key; the BFF records it before forwarding and the upstream's answer after, so a repeat gets the
// recorded answer (or a lookup of what the lost answer made) and never a second copy. `record_id`
// is the id of the record an answer made, so two keys never claim the same message or lead.
export const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('route_id', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('first_at', 'timestamptz', (c) => c.notNull())
      .addColumn('attempt_at', 'timestamptz', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('answer', 'text')
      .addColumn('record_id', 'text')
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['username', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_keys_expires')
      .on('idempotency_keys')
      .column('expires_at')
      .execute();
    await db.schema
      .createIndex('idempotency_keys_record')
      .on('idempotency_keys')
      .column('record_id')
      .where(sql.ref('record_id'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('idempotency_keys').execute();
  },
};
