import { sql } from 'kysely';
import { inIndexOrder } from '../store/index-order';
import { DEFAULT_LIMIT, type Lead, type LeadScreenPage } from '../../contract';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { WorkspaceDb } from '../workspace/workspace-writer';
import type { LeadFilters } from './lead-order';
import { filterCondition, finderCondition, LIVE, NEWEST_FIRST, searches, summaryCondition } from './lead-sql';

// The list view's page from the workspace tables: the upstream's envelope and order
// (decisions.md), with a true total under every filter, the owner filter included. The total
// without a search is the board's summary (ws_lead_columns, migrations 0012 and 0017, keyed by
// owner and priority too); under a search it is counted over the matches in ws_lead_finder
// (migration 0020), a narrow copy of the leads. Without a search the
// page is read along an index in order (ws_leads_newest, or the owner's or priority's own), so an
// early page costs its rows; a page number is an offset, as the upstream's.

export interface LeadListRequest extends LeadFilters {
  readonly page?: number | undefined;
  readonly limit?: number | undefined;
}

export async function leadListOf(
  workspace: WorkspaceReader,
  request: LeadListRequest,
): Promise<LeadScreenPage> {
  const page = request.page ?? 1;
  const limit = request.limit ?? DEFAULT_LIMIT;
  const db = workspace.db;
  const start = (page - 1) * limit;
  const { total, rows: data } = searches(request)
    ? await searchedPage(db, finderCondition(request), limit, start)
    : await indexedPage(db, request, filterCondition(request), limit, start);
  return {
    data,
    total,
    page,
    limit,
    // As the upstream: 0 for an empty list.
    totalPages: Math.ceil(total / limit),
    hasMore: start + data.length < total,
  };
}

type Condition = ReturnType<typeof filterCondition>;

/**
 * Without a search: the total from the summary (by owner and priority too), the page along an
 * index in its order (never a sort of every match).
 */
async function indexedPage(
  db: WorkspaceDb,
  filters: LeadFilters,
  condition: Condition,
  limit: number,
  start: number,
): Promise<{ total: number; rows: Lead[] }> {
  const counted = await sql<{ total: string }>`select coalesce(sum(leads), 0)::text as total
    from ws_lead_columns where ${summaryCondition(filters)}`.execute(db);
  const total = Number(counted.rows[0]?.total ?? 0);
  if (start >= total) return { total, rows: [] };
  const rows = await inIndexOrder(
    db,
    sql<{ data: Lead }>`select data from ws_leads where ${LIVE} and ${condition}
      order by ${NEWEST_FIRST} limit ${limit} offset ${start}`,
  );
  return { total, rows: rows.map((r) => r.data) };
}

/**
 * Under a search, in one statement: the matches found once in ws_lead_finder (its trigram index,
 * then each candidate's fields checked), counted, and the page's rows read whole from ws_leads.
 */
async function searchedPage(
  db: WorkspaceDb,
  condition: Condition,
  limit: number,
  start: number,
): Promise<{ total: number; rows: Lead[] }> {
  const result = await sql<{ total: string; data: Lead | null }>`
    with matched as materialized (select id, created_at from ws_lead_finder where ${condition})
    select t.total, p.data from (select count(*)::text as total from matched) t
    left join lateral (
      select l.data, m.created_at, m.id from (
        select id, created_at from matched order by ${NEWEST_FIRST} limit ${limit} offset ${start}
      ) m join ws_leads l on l.id = m.id
    ) p on true
    order by p.created_at desc nulls last, p.id`.execute(db);
  return {
    total: Number(result.rows[0]?.total ?? 0),
    rows: result.rows.flatMap((r) => (r.data === null ? [] : [r.data])),
  };
}
