import { sql } from 'kysely';
import { DEFAULT_LIMIT, type Lead, type LeadScreenPage } from '../../contract';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { LeadFilters } from './lead-order';
import { filterCondition, inIndexOrder, LIVE, NEWEST_FIRST, searches, summaryCondition } from './lead-sql';

// The list view's page from the workspace tables: the upstream's envelope and order
// (decisions.md), with a true total under every filter, the owner filter included. The total
// without a search is the board's summary (ws_lead_columns, migrations 0012 and 0017, keyed by
// owner and priority too); under a search it is counted over the matches. Without a search the
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
  const condition = filterCondition(request);
  const counted = searches(request)
    ? sql<{ total: string }>`select count(*)::text as total from ws_leads where ${LIVE} and ${condition}`
    : sql<{ total: string }>`select coalesce(sum(leads), 0)::text as total from ws_lead_columns
        where ${summaryCondition(request)}`;
  const total = Number((await counted.execute(db)).rows[0]?.total ?? 0);
  const start = (page - 1) * limit;
  const pageQuery = sql<{ data: Lead }>`select data from ws_leads where ${LIVE} and ${condition}
    order by ${NEWEST_FIRST} limit ${limit} offset ${start}`;
  // Without a search, along an index in its order (never a sort of every match).
  const rows =
    start >= total
      ? []
      : searches(request)
        ? (await pageQuery.execute(db)).rows
        : await inIndexOrder(db, pageQuery);
  const data = rows.map((r) => r.data);
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
