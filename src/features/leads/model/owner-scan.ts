import type { Lead } from '@/contract';
import { matchesOwner, type LeadsSearch } from './leads-search';

/**
 * The list view's owner filter, which the API cannot apply: leads are read window by window (by
 * offset) and filtered here until the page asked for is full, so every page but the last is full
 * and the counts say exactly what is known: how many matched among how many were scanned, and
 * whether the whole list has been read. (A later version moves this filter into the BFF.)
 */
export interface OwnerScanView {
  /** The matching leads of the page asked for. */
  rows: Lead[];
  /** Matches among the leads scanned so far (the true count once `complete`). */
  matched: number;
  scanned: number;
  /** Leads under the upstream's filters (the server's total). */
  total: number;
  /** Every lead has been scanned. */
  complete: boolean;
  /** Reading must go on: the page is not full yet and the list not at its end. */
  needMore: boolean;
  /** A later page has matches (known, or possible because the scan is not complete). */
  hasNext: boolean;
  /** Pages of matches, known once complete. */
  totalPages: number | null;
}

export function ownerScanView(
  scanned: readonly Lead[],
  total: number,
  complete: boolean,
  owner: NonNullable<LeadsSearch['owner']>,
  page: number,
  pageSize: number,
): OwnerScanView {
  const matches = scanned.filter((lead) => matchesOwner(lead.assigned_to_user_id, owner));
  const end = page * pageSize;
  // One match past this page tells whether there is a next one without reading to the end.
  const needMore = !complete && matches.length <= end;
  return {
    rows: matches.slice(end - pageSize, end),
    matched: matches.length,
    scanned: scanned.length,
    total: complete ? scanned.length : Math.max(total, scanned.length),
    complete,
    needMore,
    hasNext: matches.length > end,
    totalPages: complete ? Math.max(1, Math.ceil(matches.length / pageSize)) : null,
  };
}

/** The footer's words: "12 of 520 leads match · 520 scanned", or "25+ match so far · 100 of 520 scanned". */
export function ownerScanSummary(view: OwnerScanView, format: (n: number) => string): string {
  if (view.complete) {
    return `${format(view.matched)} of ${format(view.total)} leads match · ${format(view.scanned)} scanned`;
  }
  return `${format(view.matched)} ${view.matched === 1 ? 'lead matches' : 'leads match'} so far · ${format(view.scanned)} of ${format(view.total)} scanned`;
}
