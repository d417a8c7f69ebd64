import * as z from 'zod/mini';
import { Priority } from '@/contract';

/**
 * The leads screen's state in the URL. Each member falls back on its own, so a bad value in a
 * shared link drops that filter instead of erroring.
 */
export const LeadsSearch = z.lazy(() =>
  z.object({
    view: z.catch(z.optional(z.enum(['board', 'list'])), undefined),
    priority: z.catch(z.optional(Priority), undefined),
    q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
    /** A team member's id, or `none` for unassigned leads. */
    owner: z.catch(z.optional(z.union([z.guid(), z.literal('none')])), undefined),
    /** The lead open in the drawer. */
    lead: z.catch(z.optional(z.guid()), undefined),
    page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1))), undefined),
    /** Opens the new-lead form. */
    create: z.catch(z.optional(z.boolean()), undefined),
  }),
);
export type LeadsSearch = z.infer<typeof LeadsSearch>;

export function parseLeadsSearch(search: unknown): LeadsSearch {
  return LeadsSearch.parse(typeof search === 'object' && search !== null ? search : {});
}

/** The assignee filter, applied to the rows held (the list endpoint has no owner filter). */
export function matchesOwner(ownerId: string | null | undefined, filter: LeadsSearch['owner']): boolean {
  if (!filter) return true;
  if (filter === 'none') return !ownerId;
  return ownerId === filter;
}
