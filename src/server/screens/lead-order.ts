import type { Lead, OwnerFilter, Priority } from '../../contract';

/** Which leads the filters keep: the contract's rule (src/contract/rules/lead-match.ts). */
export { leadMatcher } from '../../contract/rules/lead-match';

// The order and filters of the lead screens, the same as the upstream's lead list (spec Part 4;
// api-assumptions.md: newest `created_at` first, then id), plus the owner filter it lacks. Pure.

export interface LeadFilters {
  readonly priority?: Priority | undefined;
  readonly search?: string | undefined;
  readonly owner?: OwnerFilter | undefined;
}

// Leads are immutable records replaced whole on every change, so a parsed time can be kept per
// object: a 50,000-lead board does not parse 50,000 dates on every request.
const createdMs = new WeakMap<Lead, number>();

export function createdAt(lead: Lead): number {
  let ms = createdMs.get(lead);
  if (ms === undefined) {
    const parsed = Date.parse(lead.created_at);
    ms = Number.isFinite(parsed) ? parsed : 0;
    createdMs.set(lead, ms);
  }
  return ms;
}

/** A position in the order: the created time and the id that breaks ties. */
export interface OrderKey {
  readonly ms: number;
  readonly id: string;
}

export const orderKey = (lead: Lead): OrderKey => ({ ms: createdAt(lead), id: lead.id });

/** Negative when `a` comes first: newer first, then the smaller id. */
export function compareKeys(a: OrderKey, b: OrderKey): number {
  if (a.ms !== b.ms) return b.ms - a.ms;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const compareLeads = (a: Lead, b: Lead): number => compareKeys(orderKey(a), orderKey(b));

/** The cursor after a position in the order: its order key, as text (BoardCursor in the contract). */
export const cursorOf = (key: OrderKey): string => `${String(key.ms)}_${key.id}`;

/** The order key a cursor names; null for one that is not ours (the contract's pattern passed). */
export function parseCursor(cursor: string): OrderKey | null {
  const at = cursor.indexOf('_');
  const ms = Number(cursor.slice(0, at));
  if (at <= 0 || !Number.isSafeInteger(ms)) return null;
  return { ms, id: cursor.slice(at + 1) };
}

/**
 * The first `limit` items in order among those offered, kept sorted while they are offered: one
 * pass over a column costs O(n log limit) instead of sorting all n (a column may hold thousands).
 */
export class TopLeads {
  readonly items: Lead[] = [];
  /** Whether more than `limit` items were offered: there is a next page. */
  overflow = false;

  constructor(private readonly limit: number) {}

  offer(lead: Lead): void {
    const items = this.items;
    if (items.length === this.limit) {
      this.overflow = true;
      const last = items[items.length - 1];
      if (last === undefined || compareLeads(lead, last) >= 0) return;
      items.pop();
    }
    // Binary search for the insertion point.
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareLeads(items[mid]!, lead) < 0) lo = mid + 1;
      else hi = mid;
    }
    items.splice(lo, 0, lead);
  }
}
