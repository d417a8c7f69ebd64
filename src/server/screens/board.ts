import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { inIndexOrder } from '../store/index-order';
import {
  BOARD_PAGE,
  UNMATCHED,
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardColumnPage,
  type CurrencySum,
} from '../../contract';
import { storableText } from '../store/storable-text';
import type { WorkspaceDb } from '../workspace/workspace-writer';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { cursorOf, parseCursor, type LeadFilters, type OrderKey } from './lead-order';
import {
  afterCondition,
  afterCursor,
  COLUMN_ORDER,
  finderCondition,
  indexedFilterCondition,
  NEWEST_FIRST,
  searches,
  storedKey,
  summaryCondition,
  type LeadRow,
} from './lead-sql';
import { moneyOf } from './money-sums';

// The lead board from the workspace tables: per stage (and for leads whose status matches no
// stage: Unmatched) the exact count and sums under the filters, and the first page of cards with
// their follow-up flags; then further pages of one column by cursor.
//
// The totals come from ws_lead_columns, which the database keeps with every change of ws_leads
// (migrations 0012, 0017) per status, currency, owner and priority: a read of a few rows whatever
// the number of leads, under the owner and priority filters too. Under a search they are counted
// over the matches (the trigram index finds them). Cards are read per column along an index in the
// column's order (ws_leads_column, or with an owner or priority filter ws_leads_column_owner or
// ws_leads_column_priority), a page at a time.

export interface BoardRequest extends LeadFilters {
  readonly limit?: number | undefined;
}

export interface ColumnRequest extends LeadFilters {
  readonly stage: string;
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

/** Totals of one column and currency, as PostgreSQL answers them (bigint and numeric as text). */
interface TallyRow {
  /** The stage key; null for Unmatched. */
  readonly col: string | null;
  readonly currency: string;
  readonly leads: string;
  readonly valued: string;
  readonly value_sum: string;
  readonly weighted_sum: string;
  /** The statuses behind the row (the ones of Unmatched: which to read its cards from). */
  readonly statuses: string[];
}

interface Tally {
  total: number;
  readonly sums: CurrencySum[];
}

/** `status` among the stage keys (false when there are none). */
const amongKeys = (keys: readonly string[]): RawBuilder<SqlBool> =>
  keys.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`status in (${sql.join([...keys])})`;

/**
 * Per status and currency: how many leads, how many with a value, and their exact sums. Without a
 * search they are the summary's; under a search they are summed the way migration 0012's triggers
 * sum them (value as its shortest decimal, weighted by the probability kept within 0 to 100), so a
 * search that matches everything gives the same figures.
 */
function perStatus(filters: LeadFilters, matched?: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!searches(filters))
    return sql`select status, currency, sum(leads) as leads, sum(valued) as valued,
        sum(value_sum) as value_sum, sum(weighted_sum) as weighted_sum
      from ws_lead_columns where leads > 0 and ${summaryCondition(filters)}
      group by status, currency`;
  const value = sql`value::text::numeric`;
  const weight = sql`least(100, greatest(0, coalesce(probability, 0)))::text::numeric * 0.01`;
  return sql`select coalesce(status, '') as status, coalesce(currency, '') as currency,
      count(*) as leads, count(value) as valued,
      coalesce(sum(${value}), 0) as value_sum, coalesce(sum(${value} * ${weight}), 0) as weighted_sum
    from ${matched ?? sql`ws_lead_finder where ${finderCondition(filters)}`}
    group by 1, 2`;
}

/** The totals per column and currency over `perStatus` rows (the statuses of Unmatched kept). */
const tallySql = (keys: readonly string[], perStatusRows: RawBuilder<unknown>): RawBuilder<TallyRow> =>
  sql<TallyRow>`
    select case when ${amongKeys(keys)} then status end as col, currency,
      sum(leads)::text as leads, sum(valued)::text as valued,
      sum(value_sum)::text as value_sum, sum(weighted_sum)::text as weighted_sum,
      array_agg(status order by status) as statuses
    from (${perStatusRows}) per_status
    group by 1, 2`;

interface Tallies {
  readonly byColumn: Map<string | null, Tally>;
  readonly unmatchedStatuses: string[];
}

function talliesFrom(rows: readonly TallyRow[]): Tallies {
  const byColumn = new Map<string | null, Tally>();
  const unmatched = new Set<string>();
  for (const row of rows) {
    let tally = byColumn.get(row.col);
    if (tally === undefined) {
      tally = { total: 0, sums: [] };
      byColumn.set(row.col, tally);
    }
    tally.total += Number(row.leads);
    // As before: a currency shows once one of its leads has a value; '' is "no currency".
    if (Number(row.valued) > 0)
      tally.sums.push({
        currency: row.currency === '' ? null : row.currency,
        value: moneyOf(row.value_sum),
        weighted: moneyOf(row.weighted_sum),
      });
    if (row.col === null) for (const s of row.statuses) unmatched.add(s);
  }
  for (const tally of byColumn.values())
    tally.sums.sort((a, b) => b.value - a.value || (a.currency ?? '').localeCompare(b.currency ?? ''));
  return { byColumn, unmatchedStatuses: [...unmatched] };
}

async function talliesOf(db: WorkspaceDb, keys: readonly string[], filters: LeadFilters): Promise<Tallies> {
  return talliesFrom((await tallySql(keys, perStatus(filters)).execute(db)).rows);
}

/** A row of a column: which column (a stage key, or UNMATCHED) and the lead. */
type ColumnRow = LeadRow & { readonly key: string };

/**
 * Without a search: the first `limit` leads after a cursor of each of several statuses matching
 * the owner and priority filters, each read along its own index range in its order (never a sort
 * of a column). Answers rows in order per status (at most 2 × limit each: cut by the caller);
 * `merged`: the first `limit` of all of them together, under one key (Unmatched).
 */
async function columnRows(
  db: WorkspaceDb,
  statuses: readonly string[],
  filters: LeadFilters,
  after: OrderKey | null,
  limit: number,
  merged: boolean,
): Promise<ColumnRow[]> {
  if (statuses.length === 0) return [];
  const keys = sql.join(statuses.map((s) => sql`(${s}::text)`));
  const parts = afterCursor(
    sql<SqlBool>`status = k.key and ${indexedFilterCondition(filters)}`,
    after,
    limit,
    COLUMN_ORDER,
  );
  const perKey = sql`select ${merged ? sql`${UNMATCHED}::text` : sql`k.key`} as key, c.id, c.created_at, c.data
    from (values ${keys}) as k(key) cross join lateral (${sql.join(parts, sql` union all `)}) c`;
  return inIndexOrder(
    db,
    merged
      ? sql<ColumnRow>`select * from (${perKey}) m order by ${NEWEST_FIRST} limit ${limit}`
      : sql<ColumnRow>`${perKey} order by k.key, ${NEWEST_FIRST}`,
  );
}

/** A column's key under a search: a stage key, or UNMATCHED for the statuses no stage has. */
const columnOf = (keys: readonly string[]) =>
  sql`case when ${amongKeys(keys)} then status else ${UNMATCHED}::text end`;

/**
 * Under a search: the first `limit` matches after a cursor of each column (a stage key, or
 * UNMATCHED for the statuses no stage has), `only` one column if given. The matches are found in
 * ws_lead_finder by its trigram index and sorted (cost in proportion to the matches): walking a
 * column's index for a rare match would read the whole column.
 */
async function matchedRows(
  db: WorkspaceDb,
  keys: readonly string[],
  filters: LeadFilters,
  after: OrderKey | null,
  limit: number,
  only?: string,
): Promise<ColumnRow[]> {
  const column = columnOf(keys);
  const inColumn =
    only === undefined
      ? sql<SqlBool>`true`
      : only === UNMATCHED
        ? sql<SqlBool>`not ${amongKeys(keys)}`
        : sql<SqlBool>`status = ${only}`;
  const result = await sql<ColumnRow>`
    with matched as (
      select id, created_at, ${column} as key,
        row_number() over (partition by ${column} order by ${NEWEST_FIRST}) as n
      from ws_lead_finder
      where ${inColumn} and ${finderCondition(filters)} and ${afterCondition(after)}
    )
    select m.key, m.id, m.created_at, l.data from matched m join ws_leads l on l.id = m.id
    where m.n <= ${limit}
    order by m.key, m.created_at desc nulls last, m.id`.execute(db);
  return result.rows;
}

/**
 * The board under a search in one statement: the matches are found once in ws_lead_finder (the
 * trigram index, then each candidate's fields checked), then both totalled and ranked per column;
 * only the cards shown are read from ws_leads.
 */
async function searchedBoard(
  db: WorkspaceDb,
  keys: readonly string[],
  filters: LeadFilters,
  limit: number,
): Promise<{ tallies: Tallies; rows: ColumnRow[] }> {
  type Out =
    | { kind: 'tally'; payload: TallyRow }
    | {
        kind: 'row';
        payload: { key: string; id: string; created_at: string | null; data: ColumnRow['data'] };
      };
  const result = await sql<Out>`
    with matched as materialized (
      select id, created_at, status, currency, value, probability from ws_lead_finder
      where ${finderCondition(filters)}
    ),
    ranked as (
      select id, ${columnOf(keys)} as key,
        row_number() over (partition by ${columnOf(keys)} order by ${NEWEST_FIRST}) as n
      from matched
    )
    select kind, payload from (
      select 'tally' as kind, to_jsonb(t) as payload, null::text as key, 0::bigint as n
      from (${tallySql(keys, perStatus(filters, sql`matched`))}) t
      union all
      select 'row', jsonb_build_object('key', r.key, 'id', r.id, 'created_at', l.created_at, 'data', l.data),
        r.key, r.n
      from ranked r join ws_leads l on l.id = r.id
      where r.n <= ${limit}
    ) out
    order by kind, key, n`.execute(db);
  const tallyRows: TallyRow[] = [];
  const rows: ColumnRow[] = [];
  for (const out of result.rows) {
    if (out.kind === 'tally') tallyRows.push(out.payload);
    else rows.push(out.payload);
  }
  return { tallies: talliesFrom(tallyRows), rows };
}

function pageOf(
  stage: string,
  rows: readonly LeadRow[],
  limit: number,
  followUps: ReadonlySet<string>,
): BoardColumnPage {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    stage,
    cards: shown.map((row): BoardCard => ({ lead: row.data, followUp: followUps.has(row.id) })),
    nextCursor: rows.length > limit && last ? cursorOf(storedKey(last)) : null,
  };
}

export async function boardOf(workspace: WorkspaceReader, request: BoardRequest): Promise<Board> {
  const limit = request.limit ?? BOARD_PAGE;
  const db = workspace.db;
  const stages = await workspace.stages();
  // Two stages with one key (the upstream should refuse it) share their leads: each shows them.
  const keys = [...new Set(stages.map((s) => s.key))];
  // One more than a page: whether there is a next one.
  const { tallies, rows } = searches(request)
    ? await searchedBoard(db, keys, request, limit + 1)
    : await talliesOf(db, keys, request).then(async (tallies) => ({
        tallies,
        rows: (
          await Promise.all([
            columnRows(
              db,
              keys.filter((k) => (tallies.byColumn.get(k)?.total ?? 0) > 0),
              request,
              null,
              limit + 1,
              false,
            ),
            columnRows(db, tallies.unmatchedStatuses, request, null, limit + 1, true),
          ])
        ).flat(),
      }));
  const { byColumn } = tallies;
  const followUps = await workspace.followUpsAmong(rows.map((r) => r.id));
  const rowsOf = new Map<string, LeadRow[]>();
  for (const row of rows) {
    const rows = rowsOf.get(row.key) ?? [];
    rows.push(row);
    rowsOf.set(row.key, rows);
  }
  const column = (stage: string, tally: Tally | undefined, rows: LeadRow[]): BoardColumn => ({
    ...pageOf(stage, rows, limit, followUps),
    total: tally?.total ?? 0,
    sums: tally?.sums ?? [],
  });
  return {
    columns: stages.map((s) => column(s.key, byColumn.get(s.key), rowsOf.get(s.key) ?? [])),
    unmatched: column(UNMATCHED, byColumn.get(null), rowsOf.get(UNMATCHED) ?? []),
  };
}

/** The statuses of live leads that match no stage: where Unmatched's cards are. */
async function unmatchedStatuses(db: WorkspaceDb, keys: readonly string[]): Promise<string[]> {
  const result = await sql<{ status: string }>`
    select status from ws_lead_columns where leads > 0 and not ${amongKeys(keys)}
    group by status`.execute(db);
  return result.rows.map((r) => r.status);
}

/**
 * The cards of one column after a cursor (from the start without one). A cursor is a position in
 * the order, not an offset, so cards that moved away meanwhile do not shift the next page. A
 * stage key no lead has is an empty column (a stage deleted while the board was open).
 */
export async function columnPageOf(
  workspace: WorkspaceReader,
  request: ColumnRequest,
): Promise<BoardColumnPage> {
  const limit = request.limit ?? BOARD_PAGE;
  const db = workspace.db;
  const after = request.cursor ? parseCursor(request.cursor) : null;
  const keys = [...new Set((await workspace.stages()).map((s) => s.key))];
  // As the writer stores a status: a key with text the database cannot hold still finds its leads.
  const stage = storableText(request.stage);
  const rows = searches(request)
    ? await matchedRows(db, keys, request, after, limit + 1, stage)
    : stage === UNMATCHED
      ? await columnRows(db, await unmatchedStatuses(db, keys), request, after, limit + 1, true)
      : await columnRows(db, [stage], request, after, limit + 1, false);
  const followUps = await workspace.followUpsAmong(rows.slice(0, limit).map((r) => r.id));
  return pageOf(request.stage, rows, limit, followUps);
}
