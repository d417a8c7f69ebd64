import { DEFAULT_LIMIT, type PageEnvelope } from '../../src/contract/common';

/** decisions.md paging: `offset` wins over `page`; the leads envelope. */
export function pageOf<T>(
  items: readonly T[],
  q: { page?: number; limit?: number; offset?: number },
): PageEnvelope<T> {
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
