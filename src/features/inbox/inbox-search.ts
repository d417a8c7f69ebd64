import * as z from 'zod/mini';
import { ConversationStatus, Id, SlaState } from '@/contract';
import type { ConversationFilters } from '@/data/conversations';

export const OWNER_FILTERS = ['mine', 'unassigned', 'all'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];

/** The inbox's filters as they live in the URL; a bad value falls back instead of erroring. */
export const InboxSearch = z.lazy(() =>
  z.object({
    status: z.catch(z.optional(ConversationStatus), undefined),
    owner: z.catch(z.optional(z.enum(OWNER_FILTERS)), undefined),
    channel: z.catch(z.optional(Id), undefined),
    q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
    /** Only threads with something unread for me. */
    unread: z.catch(z.optional(z.literal(true)), undefined),
    /** Only threads whose running SLA target is on track, at risk or breached. */
    sla: z.catch(z.optional(SlaState), undefined),
    /** A note to show in the open thread (from Mentions). */
    note: z.catch(z.optional(z.string().check(z.regex(/^\d{1,18}$/))), undefined),
    /** A message to show in the open thread (from search). */
    message: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(100))), undefined),
  }),
);
export type InboxSearch = z.infer<typeof InboxSearch>;

export const DEFAULT_STATUS = 'open' satisfies ConversationStatus;

/** The upstream filters for a URL: "mine" needs the signed-in person's upstream user id. */
export function filtersFromSearch(
  search: InboxSearch,
  myUpstreamId: string | undefined,
): ConversationFilters {
  const owner = search.owner ?? 'all';
  return {
    status: search.status ?? DEFAULT_STATUS,
    assignedTo: owner === 'mine' ? myUpstreamId : owner === 'unassigned' ? 'none' : undefined,
    channelId: search.channel,
    search: search.q,
    unread: search.unread,
    sla: search.sla,
  };
}
