// Lookups and rules shared by the CRM implementations.
import { DEFAULT_LIMIT, type LeadStage, type PageEnvelope } from '../../src/contract';
import { badRequest, notFound } from '../core/errors';
import type { CrmState } from './state';

export function findOr404<T>(map: Map<string, T>, id: string | undefined, what: string): T {
  const record = id === undefined ? undefined : map.get(id);
  if (!record) throw notFound(what);
  return record;
}

export const stageByKey = (crm: CrmState, key: string): LeadStage | undefined =>
  crm.stages.find((s) => s.key === key);

/** 400 unless every id names a tag of this workspace; the message lists the unknown ones. */
export function assertKnownTags(crm: CrmState, field: string, ids: readonly string[] | undefined): void {
  const unknown = (ids ?? []).filter((id) => !crm.tags.has(id));
  if (unknown.length > 0) throw badRequest([`${field} contains unknown tag ids: ${unknown.join(', ')}`]);
}

export const dedupe = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** Plain code-unit order: ISO times and ids compare correctly without a locale. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first by `created_at`, then by id so equal times still give one stable order. */
export const newestFirst = (a: { id: string; created_at: string }, b: { id: string; created_at: string }) =>
  compareText(b.created_at, a.created_at) || compareText(a.id, b.id);

export interface PagingQuery {
  page?: number;
  limit?: number;
  offset?: number;
}

/**
 * The leads envelope (decisions.md). An offset wins over the page number; with an offset, `page`
 * is the page the offset falls in, and `hasMore` counts from the offset, not from page boundaries.
 */
export function paginate<T>(rows: readonly T[], query: PagingQuery): PageEnvelope<T> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const start = query.offset ?? ((query.page ?? 1) - 1) * limit;
  const page = query.offset !== undefined ? Math.floor(query.offset / limit) + 1 : (query.page ?? 1);
  const data = rows.slice(start, start + limit);
  return {
    data,
    total: rows.length,
    page,
    limit,
    totalPages: Math.ceil(rows.length / limit),
    hasMore: start + data.length < rows.length,
  };
}
