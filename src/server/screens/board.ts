import { sql, type SqlBool } from 'kysely';
import { inIndexOrder } from '../store/index-order';
import {
  BOARD_PAGE,
  SEARCH_COUNT_CAP,
  UNMATCHED,
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardColumnPage,
} from '../../contract';
import { storableText } from '../store/storable-text';
import type { WorkspaceDb } from '../workspace/workspace-writer';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { cursorOf, parseCursor, type LeadFilters, type OrderKey } from './lead-order';
import {
  afterCursor,
  COLUMN_ORDER,
  indexedFilterCondition,
  NEWEST_FIRST,
  searches,
  storedKey,
  type LeadRow,
} from './lead-sql';
import { talliesOf, unmatchedStatuses, type Tallies, type Tally } from './board-tallies';
import { countedSearch, searchedColumns, type ColumnRow } from './board-search';

// The lead board from the workspace tables: per stage (and for leads whose status matches no
// stage: Unmatched) the exact count and sums under the filters, and the first page of cards with
// their follow-up flags; then further pages of one column by cursor.
//
// The totals come from ws_lead_columns, which the database keeps with every change of ws_leads
// (migrations 0012, 0017) per status, currency, owner and priority: a read of a few rows whatever
// the number of leads, under the owner and priority filters too. Under a search they are counted
// over the matches, up to SEARCH_COUNT_CAP of them (board-search.ts). Cards are read per column along an index in the
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
  const { tallies, rows, counted } = searches(request)
    ? await searchedBoard(db, keys, request, limit + 1)
    : await talliesOf(db, keys, request).then(async (tallies) => ({
        tallies,
        counted: true,
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
    ...(counted ? {} : { tooManyToCount: SEARCH_COUNT_CAP }),
  };
}

/** Under a search: counted when within the cap; else the columns' newest matches, uncounted. */
async function searchedBoard(
  db: WorkspaceDb,
  keys: readonly string[],
  filters: LeadFilters,
  limit: number,
): Promise<{ tallies: Tallies; rows: ColumnRow[]; counted: boolean }> {
  const found = await countedSearch(db, keys, filters, limit);
  if (found !== null) return { ...found, counted: true };
  const uncounted: Tallies = { byColumn: new Map(), unmatchedStatuses: [] };
  return { tallies: uncounted, rows: await searchedColumns(db, keys, filters, null, limit), counted: false };
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
    ? await searchedColumns(db, keys, request, after, limit + 1, stage)
    : stage === UNMATCHED
      ? await columnRows(db, await unmatchedStatuses(db, keys), request, after, limit + 1, true)
      : await columnRows(db, [stage], request, after, limit + 1, false);
  const followUps = await workspace.followUpsAmong(rows.slice(0, limit).map((r) => r.id));
  return pageOf(request.stage, rows, limit, followUps);
}
