import type { InfiniteData } from '@tanstack/react-query';
import type { Lead, Priority } from '@/contract';
import type { OffsetPage, OffsetParam } from './lead-windows';

export type ColumnData = InfiniteData<OffsetPage<Lead>, OffsetParam>;

/** The filters the upstream applies to the lead list (the owner filter is the screen's own). */
export interface LeadFilters {
  priority?: Priority | undefined;
  search?: string | undefined;
}

/** Only the filters set, so equal filters make equal keys. */
export const upstreamFilters = (filters: LeadFilters): LeadFilters => ({
  ...(filters.priority ? { priority: filters.priority } : {}),
  ...(filters.search?.trim() ? { search: filters.search.trim() } : {}),
});

/** Whether the upstream's filters would return this lead (same rules as the list's search). */
export function matchesFilters(lead: Lead, filters: LeadFilters): boolean {
  if (filters.priority && lead.priority !== filters.priority) return false;
  const needle = filters.search?.trim().toLowerCase();
  if (!needle) return true;
  return [lead.name, lead.email, lead.company_name].some((v) => v?.toLowerCase().includes(needle));
}

const withTotals = (
  data: ColumnData,
  delta: number,
  map: (rows: Lead[], i: number) => Lead[],
): ColumnData => ({
  ...data,
  pages: data.pages.map((page, i) => ({
    ...page,
    rows: map(page.rows, i),
    total: Math.max(0, page.total + delta),
  })),
});

/** Takes a lead out of a column (the count drops by one when it was there). */
export function removeFromColumn(data: ColumnData, leadId: string, adjustTotal = true): ColumnData {
  const present = data.pages.some((p) => p.rows.some((r) => r.id === leadId));
  if (!present) return data;
  return withTotals(data, adjustTotal ? -1 : 0, (rows) => rows.filter((r) => r.id !== leadId));
}

/** Puts a lead at the top of a column (a moved card shows where the eye is), counting it once. */
export function insertIntoColumn(data: ColumnData, lead: Lead): ColumnData {
  const present = data.pages.some((p) => p.rows.some((r) => r.id === lead.id));
  if (present) return replaceInColumn(data, lead);
  if (data.pages.length === 0) return data;
  return withTotals(data, 1, (rows, i) => (i === 0 ? [lead, ...rows] : rows));
}

/** Swaps in the server's version of a lead wherever the column holds it. */
export function replaceInColumn(data: ColumnData, lead: Lead): ColumnData {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.rows.some((r) => r.id === lead.id)
        ? { ...page, rows: page.rows.map((r) => (r.id === lead.id ? lead : r)) }
        : page,
    ),
  };
}
