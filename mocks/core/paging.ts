import { DEFAULT_LIMIT, type PageEnvelope } from '../../src/contract/common';

export interface PagingQuery {
  page?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/**
 * The leads envelope (decisions.md), for every list that pages. An offset wins over the page number;
 * with an offset, `page` is the page the offset falls in, and `hasMore` counts from the offset, not
 * from page boundaries.
 */
export function pageOf<T>(items: readonly T[], q: PagingQuery): PageEnvelope<T> {
  const limit = q.limit ?? DEFAULT_LIMIT;
  const start = q.offset ?? ((q.page ?? 1) - 1) * limit;
  const page = q.offset !== undefined ? Math.floor(q.offset / limit) + 1 : (q.page ?? 1);
  const data = items.slice(start, start + limit);
  return {
    data,
    total: items.length,
    page,
    limit,
    totalPages: Math.ceil(items.length / limit),
    hasMore: start + data.length < items.length,
  };
}
