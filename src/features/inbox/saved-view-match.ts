import type { InboxFilters } from '@/contract';

// Which saved view the inbox shows now: the one whose filters are the URL's, whatever their order.

/** The filters as one string: keys sorted, empty ones left out. */
export const filtersKey = (filters: InboxFilters): string =>
  JSON.stringify(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

export const sameFilters = (a: InboxFilters, b: InboxFilters): boolean => filtersKey(a) === filtersKey(b);
