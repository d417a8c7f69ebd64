import * as z from 'zod/mini';
import { SEARCH_QUERY_MAX } from '@/contract';

/** `/search?q=`: the query lives in the URL, so a search can be shared and comes back on Back. */
export const SearchPageSearch = z.lazy(() =>
  z.object({
    q: z.catch(z.optional(z.string().check(z.maxLength(SEARCH_QUERY_MAX))), undefined),
  }),
);
export type SearchPageSearch = z.infer<typeof SearchPageSearch>;

/** How many of each kind the page asks for (the palette asks for a few). */
export const PAGE_LIMIT = 20;
