import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { SEARCH_COUNT_CAP, UNMATCHED } from '../../contract';
import type { WorkspaceDb } from '../workspace/workspace-writer';
import type { LeadFilters, OrderKey } from './lead-order';
import {
  afterCondition,
  afterCursor,
  COLUMN_ORDER,
  filterCondition,
  finderCondition,
  NEWEST_FIRST,
  type LeadRow,
} from './lead-sql';
import {
  amongKeys,
  perStatus,
  talliesFrom,
  tallySql,
  unmatchedStatuses,
  type Tallies,
  type TallyRow,
} from './board-tallies';

// The board under a search. Its matches are found in ws_lead_finder by the trigram index, then
// each candidate's fields are checked: the cost follows the number of matches. So the board counts
// and sums at most SEARCH_COUNT_CAP of them. A search within the cap (most: a name, a company) is
// counted, summed and ranked exactly from that one read. One that matches more ("tanaka": 48,000
// of 1,000,000 leads took 290 ms to count, sum and rank) is common by definition, so each column's
// newest matches are near the top of the column's index: it is walked in order, a bounded number
// of rows, and only a column whose walk ends without its page falls back to the trigram index
// (5 ms instead of 290 for that search, measured on PostgreSQL at 1,000,000 leads).

/** A row of a column: which column (a stage key, or UNMATCHED) and the lead. */
export type ColumnRow = LeadRow & { readonly key: string };

/**
 * Rows of a column's index read in order before giving up on the walk: a column's page is found
 * this way when at least one lead in a hundred of it matches; a sparser one is sorted from the
 * trigram index's matches.
 */
const WALK = 2_000;

/** A column's key under a search: a stage key, or UNMATCHED for the statuses no stage has. */
const columnOf = (keys: readonly string[]) =>
  sql`case when ${amongKeys(keys)} then status else ${UNMATCHED}::text end`;

/** Rows of the columns `only` (stage keys or UNMATCHED) among ws_lead_finder's; all without it. */
function inColumns(keys: readonly string[], only: readonly string[] | undefined): RawBuilder<SqlBool> {
  if (only === undefined) return sql<SqlBool>`true`;
  const parts: RawBuilder<SqlBool>[] = [];
  const stages = only.filter((k) => k !== UNMATCHED);
  if (stages.length > 0) parts.push(sql<SqlBool>`status in (${sql.join(stages)})`);
  if (only.includes(UNMATCHED)) parts.push(sql<SqlBool>`not ${amongKeys(keys)}`);
  return parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * The first `limit` matches after a cursor of each column (`only` those columns if given), found
 * in ws_lead_finder by its trigram index and sorted: the cost follows the matches, so it serves
 * the columns whose walk did not find their page.
 */
async function sortedMatches(
  db: WorkspaceDb,
  keys: readonly string[],
  filters: LeadFilters,
  after: OrderKey | null,
  limit: number,
  only?: readonly string[],
): Promise<ColumnRow[]> {
  if (only?.length === 0) return [];
  const column = columnOf(keys);
  const result = await sql<ColumnRow>`
    with matched as (
      select id, created_at, ${column} as key,
        row_number() over (partition by ${column} order by ${NEWEST_FIRST}) as n
      from ws_lead_finder
      where ${inColumns(keys, only)} and ${finderCondition(filters)} and ${afterCondition(after)}
    )
    select m.key, m.id, m.created_at, l.data from matched m join ws_leads l on l.id = m.id
    where m.n <= ${limit}
    order by m.key, m.created_at desc nulls last, m.id`.execute(db);
  return result.rows;
}

interface StatusWalk {
  /** The rows are the status's first matches: it gave `limit` of them, or ran out of rows. */
  complete: boolean;
  readonly rows: LeadRow[];
}

interface Walked {
  readonly byStatus: Map<string, StatusWalk>;
  /** Each match's place in the order over all statuses (ids compared as the database sorts them). */
  readonly position: Map<string, number>;
}

/** A walked row: its status, how many rows its status's walk read, and a match (none: nulls). */
interface WalkedRow {
  readonly status: string;
  readonly examined: number;
  readonly id: string | null;
  readonly created_at: Date | string | null;
  readonly data: LeadRow['data'] | null;
}

/**
 * Each status's first `walkRows` rows after the cursor along the column index, in order, and the first
 * `limit` of them that match the filters; one statement, only the matches read whole. A status's
 * matches are its true first ones when it gave `limit` of them or its walk ran out of rows.
 */
async function walk(
  db: WorkspaceDb,
  statuses: readonly string[],
  filters: LeadFilters,
  after: OrderKey | null,
  limit: number,
  walkRows: number,
): Promise<Walked> {
  const byStatus = new Map<string, StatusWalk>();
  const position = new Map<string, number>();
  if (statuses.length === 0) return { byStatus, position };
  // One select per status with the status as a value, not a lateral join over a list: planned
  // with the status known, a rare one (Unmatched's) is read along the column index rather than
  // picked out of the newest-first index, which read all of a million leads to find it.
  const perStatus = statuses.map((status) => {
    const parts = afterCursor<unknown>(
      sql<SqlBool>`status = ${status}`,
      after,
      walkRows,
      COLUMN_ORDER,
      sql`id, created_at, search, assignee, priority`,
    );
    return sql`(select ${status}::text as status, count(*)::int as examined,
        coalesce((array_agg(w.id order by ${NEWEST_FIRST}) filter (where ${filterCondition(filters)}))[1:${limit}],
          '{}') as ids
      from (select * from (${sql.join(parts, sql` union all `)}) p order by ${NEWEST_FIRST} limit ${walkRows}) w)`;
  });
  const result = await sql<WalkedRow>`
    with walked as (${sql.join(perStatus, sql` union all `)})
    select w.status, w.examined, l.id, l.created_at, l.data
    from walked w left join ws_leads l on l.id = any(w.ids)
    order by l.created_at desc nulls last, l.id`.execute(db);
  for (const row of result.rows) {
    let entry = byStatus.get(row.status);
    if (entry === undefined) {
      entry = { complete: row.examined < walkRows, rows: [] };
      byStatus.set(row.status, entry);
    }
    if (row.id === null || row.data === null) continue;
    entry.rows.push({ id: row.id, created_at: row.created_at, data: row.data });
    position.set(row.id, position.size);
  }
  for (const entry of byStatus.values()) if (entry.rows.length >= limit) entry.complete = true;
  return { byStatus, position };
}

/**
 * Under a search: the first `limit` matches after a cursor of each column (`only` one if given),
 * walked along the columns' indexes (`walkRows` rows each at most), then sorted from the trigram
 * index's matches for the columns the walk could not fill.
 */
export async function searchedColumns(
  db: WorkspaceDb,
  keys: readonly string[],
  filters: LeadFilters,
  after: OrderKey | null,
  limit: number,
  only?: string,
  walkRows = WALK,
): Promise<ColumnRow[]> {
  const stages = only === undefined ? keys : only === UNMATCHED ? [] : [only];
  const unmatched = only === undefined || only === UNMATCHED ? await unmatchedStatuses(db, keys) : [];
  const { byStatus: walked, position } = await walk(
    db,
    [...stages, ...unmatched],
    filters,
    after,
    limit,
    walkRows,
  );
  const rows: ColumnRow[] = [];
  const unfilled: string[] = [];
  for (const key of stages) {
    const entry = walked.get(key);
    if (entry === undefined || entry.complete) rows.push(...(entry?.rows ?? []).map((r) => ({ ...r, key })));
    else unfilled.push(key);
  }
  if (unmatched.length > 0) {
    const walks = unmatched.map((s) => walked.get(s) ?? { complete: true, rows: [] });
    if (walks.every((w) => w.complete))
      rows.push(
        ...walks
          .flatMap((w) => w.rows)
          .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
          .slice(0, limit)
          .map((r) => ({ ...r, key: UNMATCHED })),
      );
    else unfilled.push(UNMATCHED);
  }
  return [...rows, ...(await sortedMatches(db, keys, filters, after, limit, unfilled))];
}

/**
 * The board under a search within SEARCH_COUNT_CAP matches, in one statement: at most one more
 * than the cap found in ws_lead_finder, then both totalled and ranked per column; only the cards
 * shown are read from ws_leads. Null when the search matches more than the cap.
 */
export async function countedSearch(
  db: WorkspaceDb,
  keys: readonly string[],
  filters: LeadFilters,
  limit: number,
): Promise<{ tallies: Tallies; rows: ColumnRow[] } | null> {
  type Out =
    | { kind: 'tally'; payload: TallyRow }
    | {
        kind: 'row';
        payload: { key: string; id: string; created_at: string | null; data: ColumnRow['data'] };
      };
  const result = await sql<Out>`
    with matched as materialized (
      select id, created_at, status, currency, value, probability from ws_lead_finder
      where ${finderCondition(filters)} limit ${SEARCH_COUNT_CAP + 1}
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
  const matches = tallyRows.reduce((sum, row) => sum + Number(row.leads), 0);
  return matches > SEARCH_COUNT_CAP ? null : { tallies: talliesFrom(tallyRows), rows };
}
