import * as z from 'zod/mini';
import {
  DEFAULT_INBOX_STATUS,
  INBOX_OWNERS,
  inboxFilterShape,
  inboxQueryOf,
  type InboxFilters,
  type InboxOwner,
} from '@/contract';
import type { ConversationFilters } from '@/data/conversations';

export const OWNER_FILTERS = INBOX_OWNERS;
export type OwnerFilter = InboxOwner;

/** Each of the inbox's filters (InboxFilters, which saved views keep too), forgiving in the URL. */
type FilterShape = ReturnType<typeof inboxFilterShape>;
const forgivingFilters = () =>
  Object.fromEntries(
    Object.entries(inboxFilterShape()).map(([key, schema]) => [key, z.catch(schema, undefined)]),
  ) as { [K in keyof FilterShape]: z.ZodMiniCatch<FilterShape[K]> };

/** The inbox's filters as they live in the URL; a bad value falls back instead of erroring. */
export const InboxSearch = z.lazy(() =>
  z.object({
    ...forgivingFilters(),
    /** A note to show in the open thread (from Mentions). */
    note: z.catch(z.optional(z.string().check(z.regex(/^\d{1,18}$/))), undefined),
    /** A message to show in the open thread (from search). */
    message: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(100))), undefined),
  }),
);
export type InboxSearch = z.infer<typeof InboxSearch>;

export const DEFAULT_STATUS = DEFAULT_INBOX_STATUS;

/** The filters a view keeps: the URL's search without what only opens a thread (note, message). */
export function filtersOfSearch(search: InboxSearch): InboxFilters {
  const { note: _note, message: _message, ...filters } = search;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as InboxFilters;
}

/** The upstream filters for a URL: "mine" needs the signed-in person's upstream user id. */
export function filtersFromSearch(
  search: InboxSearch,
  myUpstreamId: string | undefined,
): ConversationFilters {
  return inboxQueryOf(filtersOfSearch(search), myUpstreamId);
}
