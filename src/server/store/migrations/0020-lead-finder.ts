import { sql, type Kysely, type Migration } from 'kysely';
import { triggerFunction } from './statement-triggers';

// The lead screens' search over a narrow copy of the leads (issue 35). A search that matches a
// tenth of 200,000 leads visited as many ws_leads pages (each lead's record, columns and search
// texts: about 2 KB a row, 390 MB in all) to count, sum and rank its matches: 95 to 120 ms. The
// same matches in ws_lead_finder, which holds only what the screens filter, order and sum by
// (about 230 bytes a row), take 19 to 27 ms; only the cards shown are read from ws_leads.
//
// Kept by statement triggers on ws_leads, like ws_lead_columns (migration 0012): live leads only.
// `search` is the lead's name, email, company and phone, lower-cased by the writer and separated
// by U+0001 (record-kinds.ts), so a needle is looked for in each field on its own (never across two,
// never in the phone) without opening the record. Rows written before this migration hold the
// fields one space apart until the next lead sweep writes them again; they are copied here in the
// new form, lower-cased by PostgreSQL.

const SEP = `E'\\x01'`;
const field = (name: string) => `lower(replace(coalesce(data->>'${name}', ''), ${SEP}, E'\\uFFFD'))`;
const SEARCH_FROM_DATA = ['name', 'email', 'company_name', 'phone'].map(field).join(` || ${SEP} || `);

const COLUMNS = 'id, status, currency, owner, priority, value, probability, created_at, search';
const values = (rows: string, search: string) =>
  `select id, status, currency, coalesce(assignee, ''), priority, value, probability, created_at, ${search}
  from ${rows} where removed_at is null`;
const upsert = (select: string) => `insert into ws_lead_finder as f (${COLUMNS}) ${select}
  on conflict (id) do update set status = excluded.status, currency = excluded.currency,
    owner = excluded.owner, priority = excluded.priority, value = excluded.value,
    probability = excluded.probability, created_at = excluded.created_at, search = excluded.search`;

export const leadFinder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create table ws_lead_finder (
      id text primary key,
      status text,
      currency text,
      owner text not null,
      priority text,
      value double precision,
      probability double precision,
      created_at timestamptz,
      search text not null
    )`.execute(db);
    await triggerFunction('ws_lead_finder_inserted', upsert(values('new_rows', 'search'))).execute(db);
    // Only rows whose copied columns changed are written again: a sweep rewrites every lead.
    await triggerFunction(
      'ws_lead_finder_updated',
      `delete from ws_lead_finder f using new_rows n where f.id = n.id and n.removed_at is not null;
  ${upsert(`select n.id, n.status, n.currency, coalesce(n.assignee, ''), n.priority, n.value, n.probability,
      n.created_at, n.search
    from new_rows n join old_rows o on o.id = n.id
    where n.removed_at is null and (o.removed_at is not null
      or (n.status, n.currency, n.assignee, n.priority, n.value, n.probability, n.created_at, n.search)
        is distinct from (o.status, o.currency, o.assignee, o.priority, o.value, o.probability, o.created_at, o.search))`)}`,
    ).execute(db);
    await triggerFunction(
      'ws_lead_finder_deleted',
      'delete from ws_lead_finder where id in (select id from old_rows)',
    ).execute(db);
    await triggerFunction('ws_lead_finder_truncated', 'delete from ws_lead_finder').execute(db);
    await sql`create trigger ws_lead_finder_insert after insert on ws_leads
      referencing new table as new_rows for each statement execute function ws_lead_finder_inserted()`.execute(
      db,
    );
    await sql`create trigger ws_lead_finder_update after update on ws_leads
      referencing old table as old_rows new table as new_rows
      for each statement execute function ws_lead_finder_updated()`.execute(db);
    await sql`create trigger ws_lead_finder_delete after delete on ws_leads
      referencing old table as old_rows for each statement execute function ws_lead_finder_deleted()`.execute(
      db,
    );
    await sql`create trigger ws_lead_finder_truncate after truncate on ws_leads
      for each statement execute function ws_lead_finder_truncated()`.execute(db);

    // The leads already stored (a database migrated while it holds a workspace).
    await sql
      .raw(`insert into ws_lead_finder (${COLUMNS}) ${values('ws_leads', SEARCH_FROM_DATA)}`)
      .execute(db);
    await sql`create index ws_lead_finder_search on ws_lead_finder using gin (search gin_trgm_ops)`.execute(
      db,
    );
    // The lead screens search ws_lead_finder now; ws_leads' own trigram index on `search` is unused.
    await sql`drop index ws_leads_search`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`create index ws_leads_search on ws_leads using gin (search gin_trgm_ops)`.execute(db);
    for (const op of ['insert', 'update', 'delete', 'truncate'])
      await sql.raw(`drop trigger ws_lead_finder_${op} on ws_leads`).execute(db);
    for (const fn of ['inserted', 'updated', 'deleted', 'truncated'])
      await sql.raw(`drop function ws_lead_finder_${fn}()`).execute(db);
    await sql`drop table ws_lead_finder`.execute(db);
  },
};
