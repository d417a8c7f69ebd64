import type { OwnerFilter, Priority } from '@/contract';

// The lead filters as cache keys carry them: the board's, the list screen's and the upstream's.

/** The filters the upstream applies to the lead list. */
export interface LeadFilters {
  priority?: Priority | undefined;
  search?: string | undefined;
}

/** The board's and the list screen's filters: the upstream's, plus the owner (BFF-side). */
export interface BoardFilters extends LeadFilters {
  owner?: OwnerFilter | undefined;
}

/** Only the filters set, so equal filters make equal keys. */
export const upstreamFilters = (filters: LeadFilters): LeadFilters => ({
  ...(filters.priority ? { priority: filters.priority } : {}),
  ...(filters.search?.trim() ? { search: filters.search.trim() } : {}),
});

export const boardFilters = (filters: BoardFilters): BoardFilters => ({
  ...upstreamFilters(filters),
  ...(filters.owner ? { owner: filters.owner } : {}),
});
