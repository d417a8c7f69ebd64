import * as z from 'zod/mini';
import { AuditOutcome, DEFAULT_LIMIT } from '@/contract';
import type { AuditFilters } from '@/data/audit';
import { PAGE_SIZES } from '@/lib/page-numbers';

// The audit page's URL: every filter lives in the search params, so a filtered view can be shared
// and survives a reload. Dates are calendar days in the viewer's time zone; a bad value falls back
// to no filter instead of failing the page.

const Day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const Text = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

export const AuditSearch = z.lazy(() =>
  z.object({
    user: z.catch(z.optional(Text), undefined),
    action: z.catch(z.optional(Text), undefined),
    outcome: z.catch(z.optional(AuditOutcome), undefined),
    from: z.catch(z.optional(Day), undefined),
    to: z.catch(z.optional(Day), undefined),
    page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(1))), undefined),
    limit: z.catch(
      z.optional(z.coerce.number().check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n)))),
      undefined,
    ),
  }),
);
export type AuditSearch = z.infer<typeof AuditSearch>;

/** The instant a calendar day starts where the viewer is; null for a day that does not exist. */
export function startOfDay(day: string, offsetDays = 0): string | null {
  const [y, m, d] = day.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return null;
  const date = new Date(y, m - 1, d + offsetDays);
  if (offsetDays === 0 && (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d)) {
    return null;
  }
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Whether the day range runs backwards (the server would refuse it). */
export const rangeIsBackwards = (search: Pick<AuditSearch, 'from' | 'to'>): boolean =>
  search.from !== undefined && search.to !== undefined && search.from > search.to;

/** The BFF query of a URL: `to` is inclusive on screen, so the query ends when the next day starts. */
export function filtersFromSearch(search: AuditSearch): AuditFilters {
  const backwards = rangeIsBackwards(search);
  const from = search.from !== undefined && !backwards ? startOfDay(search.from) : null;
  const to = search.to !== undefined && !backwards ? startOfDay(search.to, 1) : null;
  return {
    ...(search.user !== undefined ? { user: search.user } : {}),
    ...(search.action !== undefined ? { action: search.action } : {}),
    ...(search.outcome !== undefined ? { outcome: search.outcome } : {}),
    ...(from !== null ? { from } : {}),
    ...(to !== null ? { to } : {}),
    page: search.page ?? 1,
    limit: search.limit ?? DEFAULT_LIMIT,
  };
}

export const isFiltered = (search: AuditSearch): boolean =>
  search.user !== undefined ||
  search.action !== undefined ||
  search.outcome !== undefined ||
  search.from !== undefined ||
  search.to !== undefined;
