import { storableText } from '../store/storable-text';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Contact, Customer, CustomerExportQuery, Lead, LeadExportQuery } from '../../contract';
import { WorkspaceReader } from '../workspace/workspace-reader';
import type { WorkspaceDb } from '../workspace/workspace-writer';
import { filterCondition } from '../screens/lead-sql';

// The rows of an export read from the workspace tables a keyset page at a time, in the export's
// order: each page is one indexed query that starts after the last row of the one before, so a
// million-row export holds one page in memory, costs the same per page at the end as at the
// start, and lets the event loop run between pages (the CSV stream asks for the next page only
// when the client has taken the last).
//
// The order is newest first, then id: leads by created_at (0012's ws_leads_newest, 0011's
// ws_leads_column with a stage), customers and contacts by the created_at the upstream wrote
// (0014's *_created). Records without one come last, by id.

export const EXPORT_PAGE = 1_000;

type Condition = RawBuilder<SqlBool>;
type Table = 'ws_leads' | 'ws_customers' | 'ws_contacts';

interface Keyset {
  readonly table: Table;
  /** What the rows are ordered by, newest first (a column or the expression an index holds). */
  readonly key: RawBuilder<unknown>;
  readonly filters: readonly Condition[];
}

async function* keysetPages<T>(db: WorkspaceDb, set: Keyset, pageSize: number): AsyncGenerator<T[]> {
  const { key } = set;
  const where = (more: Condition[]) =>
    sql.join([sql`removed_at is null`, ...set.filters, ...more], sql` and `);
  // The rows with a key, newest first. `key <= last` is the index's range; the rest of the
  // condition only skips the last page's ties.
  let last: { key: unknown; id: string } | null = null;
  for (;;) {
    const after: Condition[] = last
      ? [sql`${key} <= ${last.key} and (${key} < ${last.key} or id > ${last.id})`]
      : [];
    const page = await sql<{ id: string; key: unknown; data: T }>`
      select id, ${key} as key, data from ${sql.table(set.table)}
      where ${where([sql`${key} is not null`, ...after])}
      order by ${key} desc nulls last, id limit ${pageSize}`.execute(db);
    if (page.rows.length > 0) yield page.rows.map((row) => row.data);
    const end = page.rows[page.rows.length - 1];
    if (page.rows.length < pageSize || !end) break;
    last = { key: end.key, id: end.id };
  }
  // Then those without one, by id.
  let lastId: string | null = null;
  for (;;) {
    const after: Condition[] = lastId === null ? [] : [sql`id > ${lastId}`];
    const page = await sql<{ id: string; data: T }>`
      select id, data from ${sql.table(set.table)} where ${where([sql`${key} is null`, ...after])}
      order by id limit ${pageSize}`.execute(db);
    if (page.rows.length > 0) yield page.rows.map((row) => row.data);
    const end = page.rows[page.rows.length - 1];
    if (page.rows.length < pageSize || !end) break;
    lastId = end.id;
  }
}

async function* rowsOf<T>(pages: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const page of pages) yield* page;
}

/** The lead screens' filters (the same SQL as the screens: screens/lead-sql.ts) and a stage. */
export function leadRows(
  db: WorkspaceDb,
  query: LeadExportQuery,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<Lead> {
  const filters: Condition[] = [];
  // Compared as the tables store text (U+0000 and lone surrogates as U+FFFD): PostgreSQL refuses
  // them in a parameter, and a stored value never holds them.
  const stage = query.stage === undefined ? undefined : storableText(query.stage);
  if (stage) filters.push(sql`status = ${stage}`);
  filters.push(filterCondition({ priority: query.priority, owner: query.owner, search: query.search }));
  return rowsOf(keysetPages<Lead>(db, { table: 'ws_leads', key: sql`created_at`, filters }, pageSize));
}

/** The upstream's created_at as it wrote it, compared byte by byte (ISO times sort so). */
const createdKey = sql`(data->>'created_at') collate "C"`;

export function customerRows(
  db: WorkspaceDb,
  query: CustomerExportQuery,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<Customer> {
  const filters: Condition[] = [];
  if (query.status) filters.push(sql`data->>'status' = ${query.status}`);
  if (query.customer_type) filters.push(sql`data->>'customer_type' = ${query.customer_type}`);
  return rowsOf(keysetPages<Customer>(db, { table: 'ws_customers', key: createdKey, filters }, pageSize));
}

/** A contact and the name of its customer, as the export's columns show it. */
export interface ContactRow {
  readonly contact: Contact;
  readonly customer: string | undefined;
}

/** Every contact, each page with its customers' names (one more query a page). */
export async function* contactRows(db: WorkspaceDb, pageSize = EXPORT_PAGE): AsyncGenerator<ContactRow> {
  for await (const page of keysetPages<Contact>(
    db,
    { table: 'ws_contacts', key: createdKey, filters: [] },
    pageSize,
  )) {
    const names = await new WorkspaceReader(db).customerNames(page.map((c) => c.customer_id));
    for (const contact of page) yield { contact, customer: names.get(contact.customer_id) };
  }
}
