import { DEFAULT_LIMIT, type LeadScreenPage } from '../../contract';
import type { ReadModel } from '../sync/read-model';
import type { Lead } from '../../contract';
import { compareLeads, leadMatcher, TopLeads, type LeadFilters } from './lead-order';

// The list view's page from the read model: the upstream's envelope and order (decisions.md), with
// a true total under every filter, the owner filter included.

export interface LeadListRequest extends LeadFilters {
  readonly page?: number | undefined;
  readonly limit?: number | undefined;
}

export function leadListOf(model: ReadModel, request: LeadListRequest): LeadScreenPage {
  const page = request.page ?? 1;
  const limit = request.limit ?? DEFAULT_LIMIT;
  const matches = leadMatcher(request);
  const rows = [];
  for (const lead of model.leads.values()) if (matches(lead)) rows.push(lead);
  const start = (page - 1) * limit;
  const data = firstInOrder(rows, start + limit).slice(start);
  return {
    data,
    total: rows.length,
    page,
    limit,
    // As the upstream: 0 for an empty list.
    totalPages: Math.ceil(rows.length / limit),
    hasMore: start + data.length < rows.length,
  };
}

/** The first `count` rows in order: a bounded selection for early pages, a full sort for deep ones. */
function firstInOrder(rows: Lead[], count: number): Lead[] {
  if (count * 8 >= rows.length) return rows.sort(compareLeads).slice(0, count);
  const top = new TopLeads(count);
  for (const lead of rows) top.offer(lead);
  return top.items;
}
