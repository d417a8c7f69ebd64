import * as z from 'zod/mini';
import { CustomerStatus, CustomerType, DEFAULT_LIMIT } from '@/contract';
import type { CustomerFilters } from '@/data/customers';
import { PAGE_SIZES } from '@/lib/page-numbers';

/**
 * The customer list's URL: filters and paging live in the search params. A bad value falls back
 * to its default instead of failing the page.
 */
export const CustomerSearch = z.lazy(() =>
  z.object({
    q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
    status: z.catch(z.optional(CustomerStatus), undefined),
    type: z.catch(z.optional(CustomerType), undefined),
    page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1))), undefined),
    limit: z.catch(
      z.optional(z.coerce.number().check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n)))),
      undefined,
    ),
  }),
);
export type CustomerSearch = z.infer<typeof CustomerSearch>;

export function filtersFromSearch(search: CustomerSearch): CustomerFilters {
  const q = search.q?.trim();
  return {
    search: q ? q : undefined,
    status: search.status,
    customer_type: search.type,
    page: search.page ?? 1,
    limit: search.limit ?? DEFAULT_LIMIT,
  };
}

/** The search params of a state, without defaults, so URLs stay short. */
export function searchFromFilters(filters: CustomerFilters): CustomerSearch {
  return {
    q: filters.search || undefined,
    status: filters.status,
    type: filters.customer_type,
    page: filters.page > 1 ? filters.page : undefined,
    limit: filters.limit !== DEFAULT_LIMIT ? filters.limit : undefined,
  };
}
