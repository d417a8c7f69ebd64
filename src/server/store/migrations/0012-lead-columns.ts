import { sql, type Kysely, type Migration } from 'kysely';

// The lead board's totals without a scan (issue 35): per status and currency, how many leads, how
// many of them have a value, and the exact sums of their values and probability-weighted values.
// Kept by the database itself, in the statement that changes ws_leads, so every instance reads the
// same figures and none of them counts a million rows per request. Only live rows count
// (removed_at is null); a tombstone or its pruning is a removal like any other.
//
// Sums are numeric (exact): added and taken away again as leads move, a float sum would drift. A
// value enters as its shortest decimal form (float8 -> text); the weighted value is
// value x probability (kept within 0 to 100) x 0.01, exactly (money-sums.ts rounds the sums to
// numbers). Status and currency are keyed as '' when missing (a lead without a currency).
//
// Statement-level triggers with transition tables: a sweep's upsert of 100 leads changes the
// summary once, by the difference, not 100 times. Rows are changed in key order, so two writers
// that touch the same keys lock them in one order (no deadlock).

/** One lead row's contribution, signed; `rows` is a transition table. */
const contribution = (rows: string, sign: 1 | -1): string => `
  select coalesce(status, '') as status, coalesce(currency, '') as currency,
    ${sign} as leads,
    ${sign} * (value is not null)::int as valued,
    ${sign} * value::text::numeric as value_sum,
    ${sign} * value::text::numeric * least(100, greatest(0, coalesce(probability, 0)))::text::numeric * 0.01
      as weighted_sum
  from ${rows} where removed_at is null`;

const summed = (parts: string[]): string => `
  insert into ws_lead_columns as t (status, currency, leads, valued, value_sum, weighted_sum)
  select status, currency, sum(leads), sum(valued), coalesce(sum(value_sum), 0), coalesce(sum(weighted_sum), 0)
  from (${parts.join(' union all ')}) delta
  group by status, currency
  having sum(leads) <> 0 or sum(valued) <> 0 or coalesce(sum(value_sum), 0) <> 0
    or coalesce(sum(weighted_sum), 0) <> 0
  order by status, currency`;

const applyDelta = (parts: string[]): string => `${summed(parts)}
  on conflict (status, currency) do update set
    leads = t.leads + excluded.leads,
    valued = t.valued + excluded.valued,
    value_sum = t.value_sum + excluded.value_sum,
    weighted_sum = t.weighted_sum + excluded.weighted_sum`;

const triggerFunction = (name: string, body: string) =>
  sql.raw(`create function ${name}() returns trigger language plpgsql as $$
begin
  ${body};
  return null;
end $$`);

export const leadColumns: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('ws_lead_columns')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('leads', 'bigint', (c) => c.notNull())
      .addColumn('valued', 'bigint', (c) => c.notNull())
      .addColumn('value_sum', 'numeric', (c) => c.notNull())
      .addColumn('weighted_sum', 'numeric', (c) => c.notNull())
      .addPrimaryKeyConstraint('ws_lead_columns_key', ['status', 'currency'])
      .execute();

    await triggerFunction('ws_lead_columns_inserted', applyDelta([contribution('new_rows', 1)])).execute(db);
    await triggerFunction(
      'ws_lead_columns_updated',
      applyDelta([contribution('new_rows', 1), contribution('old_rows', -1)]),
    ).execute(db);
    await triggerFunction('ws_lead_columns_deleted', applyDelta([contribution('old_rows', -1)])).execute(db);
    await triggerFunction('ws_lead_columns_truncated', 'delete from ws_lead_columns').execute(db);
    await sql`create trigger ws_lead_columns_insert after insert on ws_leads
      referencing new table as new_rows for each statement execute function ws_lead_columns_inserted()`.execute(
      db,
    );
    await sql`create trigger ws_lead_columns_update after update on ws_leads
      referencing old table as old_rows new table as new_rows
      for each statement execute function ws_lead_columns_updated()`.execute(db);
    await sql`create trigger ws_lead_columns_delete after delete on ws_leads
      referencing old table as old_rows for each statement execute function ws_lead_columns_deleted()`.execute(
      db,
    );
    await sql`create trigger ws_lead_columns_truncate after truncate on ws_leads
      for each statement execute function ws_lead_columns_truncated()`.execute(db);

    // The leads already stored (a database migrated while it holds a workspace).
    await sql.raw(summed([contribution('ws_leads', 1)])).execute(db);

    // The lead list's order without a filter (the board's columns use ws_leads_column).
    await sql`create index ws_leads_newest on ws_leads (created_at desc nulls last, id) where removed_at is null`.execute(
      db,
    );
    // The lead screens' priority and owner filters: the matches, in order, without a scan.
    await sql`create index ws_leads_priority on ws_leads (priority, created_at desc nulls last, id) where removed_at is null`.execute(
      db,
    );
    await sql`create index ws_leads_assignee on ws_leads (assignee, created_at desc nulls last, id) where removed_at is null`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const index of ['ws_leads_assignee', 'ws_leads_priority', 'ws_leads_newest'])
      await db.schema.dropIndex(index).execute();
    for (const op of ['insert', 'update', 'delete', 'truncate'])
      await sql.raw(`drop trigger ws_lead_columns_${op} on ws_leads`).execute(db);
    for (const fn of ['inserted', 'updated', 'deleted', 'truncated'])
      await sql.raw(`drop function ws_lead_columns_${fn}()`).execute(db);
    await db.schema.dropTable('ws_lead_columns').execute();
  },
};
