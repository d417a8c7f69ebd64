import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Lead } from '../../contract';
import { storableText } from '../store/storable-text';
import { FIELD_SEPARATOR, SEPARATOR_STAND_IN } from '../workspace/record-kinds';
import { containing } from '../store/like-pattern';
import type { LeadFilters, OrderKey } from './lead-order';

// The lead screens' filters and order (lead-order.ts) as SQL over ws_leads (migrations 0011,
// 0012), so a screen reads only what it shows. The order is the index's: created_at desc nulls
// last, then id. User text goes only through bound parameters.

type Condition = RawBuilder<SqlBool>;

/** Live rows only: every query of the lead screens starts with it (the indexes are partial on it). */
export const LIVE: Condition = sql<SqlBool>`removed_at is null`;

/**
 * The search rule of leadMatcher: the trimmed, lower-cased needle inside the name, the email or
 * the company. `search` holds those three and the phone, lower-cased by the writer, U+0001 between
 * them (record-kinds.ts); the trigram index narrows the rows, then the needle must fall inside one
 * of the first three fields: not in the phone, nor across two fields.
 */
function searchCondition(needle: string): Condition {
  const inField = (n: number) => sql`strpos(split_part(search, ${FIELD_SEPARATOR}, ${n}), ${needle}) > 0`;
  return sql<SqlBool>`(search like ${containing(needle)} and (${inField(1)} or ${inField(2)} or ${inField(3)}))`;
}

/**
 * The owner filter's value as ws_lead_columns and the owner indexes key it (migration 0017): the
 * assignee, '' for "no owner". Compared as the tables store text (U+0000 and lone surrogates as
 * U+FFFD): PostgreSQL refuses them in a parameter, and a stored value never holds them.
 */
const ownerKey = (owner: string): string => (owner === 'none' ? '' : storableText(owner));

/** The owner and priority filters as one condition on a table with `owner_expr` and `priority`. */
function ownerAndPriority(filters: LeadFilters, ownerExpr: RawBuilder<unknown>): Condition[] {
  const parts: Condition[] = [];
  if (filters.priority !== undefined) parts.push(sql<SqlBool>`priority = ${filters.priority}`);
  if (filters.owner !== undefined) parts.push(sql<SqlBool>`${ownerExpr} = ${ownerKey(filters.owner)}`);
  return parts;
}

const all = (parts: readonly Condition[]): Condition =>
  parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(parts, sql` and `)}`;

/** The owner of a ws_leads row as its indexes hold it (migration 0017). */
const OWNER = sql`coalesce(assignee, '')`;

/** The search filter's needle as leadMatcher takes it: trimmed and lower-cased ('' for none). */
const needleOf = (filters: LeadFilters): string =>
  storableText(filters.search?.trim().toLowerCase() ?? '').replaceAll(FIELD_SEPARATOR, SEPARATOR_STAND_IN);

/** The owner and priority filters alone, on ws_leads (true without them). */
export const indexedFilterCondition = (filters: LeadFilters): Condition =>
  all(ownerAndPriority(filters, OWNER));

/** The filters of a lead screen as one condition on ws_leads (true without any). */
export function filterCondition(filters: LeadFilters): Condition {
  const parts = ownerAndPriority(filters, OWNER);
  // As leadMatcher: trimmed and lower-cased in JavaScript, as the writer lower-cased `search`.
  const needle = needleOf(filters);
  if (needle !== '') parts.push(searchCondition(needle));
  return all(parts);
}

/**
 * The filters of a searching lead screen on ws_lead_finder (migration 0020), a narrow copy of the
 * live leads: the matches are counted, summed and ranked there, and only the cards shown are read
 * from ws_leads.
 */
export function finderCondition(filters: LeadFilters): Condition {
  const parts = ownerAndPriority(filters, sql`owner`);
  const needle = needleOf(filters);
  if (needle !== '') parts.push(searchCondition(needle));
  return all(parts);
}

/** The owner and priority filters on ws_lead_columns' rows (true without them). */
export const summaryCondition = (filters: LeadFilters): Condition =>
  all(ownerAndPriority(filters, sql`owner`));

/** Whether any filter applies. */
export const hasFilters = (filters: LeadFilters): boolean =>
  filters.priority !== undefined || filters.owner !== undefined || needleOf(filters) !== '';

/**
 * Whether the search filter applies: its matches are found by the trigram index and counted (no
 * summary holds them). The owner and priority filters are the summary's keys and have indexes in
 * each column's order.
 */
export const searches = (filters: LeadFilters): boolean => needleOf(filters) !== '';

/** The order of every lead screen, as the index ws_leads_column (after its status) holds it. */
export const NEWEST_FIRST = sql`created_at desc nulls last, id`;

/**
 * A cursor's time for a lead stored without one (created_at null: missing, or a year PostgreSQL
 * cannot hold). Far outside any stored time, and a safe integer the cursor's pattern takes.
 */
export const NO_TIME_MS = -9e15;

// Times the writer stores (record-kinds.ts timeColumn): years 1 to 9999.
const MIN_STORED_MS = Date.UTC(1, 0, 1);
const MAX_STORED_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A cursor's time as PostgreSQL takes it: one beyond the stored range stays beyond every stored time. */
const timeOf = (ms: number): string =>
  ms > MAX_STORED_MS ? 'infinity' : ms < MIN_STORED_MS ? '-infinity' : new Date(ms).toISOString();

/** The order key of a stored lead: its created time (NO_TIME_MS without one) and id. */
export const storedKey = (row: {
  readonly id: string;
  readonly created_at: Date | string | null;
}): OrderKey => ({
  ms: row.created_at === null ? NO_TIME_MS : new Date(row.created_at).getTime(),
  id: row.id,
});

export interface LeadRow {
  readonly id: string;
  readonly created_at: Date | string | null;
  readonly data: Lead;
}

/** A column's order as its index (ws_leads_column) holds it: by status first, fixed in a column. */
export const COLUMN_ORDER = sql`status, created_at desc nulls last, id`;

/**
 * Selects of `condition`'s rows after a cursor, each in `order` and at most `limit` (each keeps to
 * one index range, so a deep page costs no more than the first): rows with a time after the
 * cursor's, then rows without a time. To be unioned and put in order (NEWEST_FIRST) by the caller.
 * `columns`: what each select reads (the row and its order key by default).
 */
export function afterCursor<Row = LeadRow>(
  condition: Condition,
  after: OrderKey | null,
  limit: number,
  order: RawBuilder<unknown> = NEWEST_FIRST,
  columns: RawBuilder<unknown> = sql`id, created_at, data`,
): RawBuilder<Row>[] {
  const select = (where: Condition) =>
    sql<Row>`(select ${columns} from ws_leads where ${LIVE} and ${condition} and ${where}
      order by ${order} limit ${limit})`;
  if (after === null) return [select(sql<SqlBool>`true`)];
  if (after.ms === NO_TIME_MS) return [select(sql<SqlBool>`created_at is null and id > ${after.id}`)];
  const at = timeOf(after.ms);
  return [
    select(
      sql<SqlBool>`created_at <= ${at}::timestamptz and not (created_at = ${at}::timestamptz and id <= ${after.id})`,
    ),
    select(sql<SqlBool>`created_at is null`),
  ];
}

/** Rows after a cursor in the order, as one condition (for reads that sort their matches). */
export function afterCondition(after: OrderKey | null): Condition {
  if (after === null) return sql<SqlBool>`true`;
  if (after.ms === NO_TIME_MS) return sql<SqlBool>`(created_at is null and id > ${after.id})`;
  const at = timeOf(after.ms);
  return sql<SqlBool>`(created_at < ${at}::timestamptz or (created_at = ${at}::timestamptz and id > ${after.id})
    or created_at is null)`;
}
