import type { Lead } from '../leads';
import type { CurrencySum } from '../routes/screens';

// A board column's money: per currency, the sum of the leads' values and of each value weighted by
// its probability (kept within 0 to 100). A lead without a value counts in no sum; no currency
// ('' or none) is its own. Largest sum first. The BFF's summary keeps the same figures in the
// database (migrations 0012 and 0020); the browser adjusts them as cards move; tests expect them.

/** A lead's probability as a weight: within 0 to 100, none as 0. */
export const probabilityOf = (lead: Pick<Lead, 'probability'>): number =>
  Math.min(100, Math.max(0, lead.probability ?? 0));

/** A lead's value and currency as a sum counts it; null for a lead that counts in none. */
export function leadMoney(
  lead: Pick<Lead, 'value' | 'currency' | 'probability'>,
): { currency: string | null; value: number; weighted: number } | null {
  const value = lead.value;
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return { currency: lead.currency || null, value, weighted: (value * probabilityOf(lead)) / 100 };
}

/** Largest sum first, then by currency. */
export const bySize = (a: CurrencySum, b: CurrencySum): number =>
  b.value - a.value || (a.currency ?? '').localeCompare(b.currency ?? '');

/**
 * The sums of some leads. Weighted sums are added as value × probability and divided by 100 once,
 * so whole values give exact figures.
 */
export function sumsOf(leads: Iterable<Lead>): CurrencySum[] {
  const by = new Map<string | null, { value: number; weightedTimes100: number }>();
  for (const lead of leads) {
    const money = leadMoney(lead);
    if (money === null) continue;
    const sum = by.get(money.currency) ?? { value: 0, weightedTimes100: 0 };
    sum.value += money.value;
    sum.weightedTimes100 += money.value * probabilityOf(lead);
    by.set(money.currency, sum);
  }
  return [...by]
    .map(([currency, s]) => ({ currency, value: s.value, weighted: s.weightedTimes100 / 100 }))
    .sort(bySize);
}

const EPSILON = 0.005;

/** The sums with one lead's value added (sign 1) or taken out (sign -1): a card moved or changed. */
export function adjustSums(sums: readonly CurrencySum[], lead: Lead, sign: 1 | -1): CurrencySum[] {
  const money = leadMoney(lead);
  if (money === null) return [...sums];
  const { currency } = money;
  const held = sums.find((s) => s.currency === currency) ?? { currency, value: 0, weighted: 0 };
  const next = {
    ...held,
    value: held.value + sign * money.value,
    weighted: held.weighted + sign * money.weighted,
  };
  const rest = sums.filter((s) => s.currency !== currency);
  const kept = Math.abs(next.value) < EPSILON && Math.abs(next.weighted) < EPSILON ? rest : [...rest, next];
  return kept.sort(bySize);
}
