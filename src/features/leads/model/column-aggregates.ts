import type { Lead } from '@/contract';
import { money } from '@/lib/format';

export interface CurrencySum {
  currency: string;
  value: number;
  /** Sum of value × probability / 100. */
  weighted: number;
}

// A value with no currency is shown as money() shows it (USD), so the sum and the cards agree.
const FALLBACK_CURRENCY = 'USD';

/** Sums of value and probability-weighted value per currency, largest first. */
export function columnSums(rows: readonly Pick<Lead, 'value' | 'currency' | 'probability'>[]): CurrencySum[] {
  const byCurrency = new Map<string, CurrencySum>();
  for (const row of rows) {
    if (row.value === null || row.value === undefined || !Number.isFinite(row.value)) continue;
    const currency = row.currency || FALLBACK_CURRENCY;
    const sum = byCurrency.get(currency) ?? { currency, value: 0, weighted: 0 };
    sum.value += row.value;
    sum.weighted += (row.value * Math.min(100, Math.max(0, row.probability ?? 0))) / 100;
    byCurrency.set(currency, sum);
  }
  return [...byCurrency.values()].sort((a, b) => b.value - a.value || a.currency.localeCompare(b.currency));
}

/** "€12,400 · $3,100" */
export function formatSums(sums: readonly CurrencySum[]): string {
  return sums.map((s) => money(s.value, s.currency)).join(' · ');
}

/** "≈ €6,050 · $1,200" */
export function formatWeighted(sums: readonly CurrencySum[]): string {
  if (sums.length === 0) return '';
  return `≈ ${sums.map((s) => money(Math.round(s.weighted), s.currency)).join(' · ')}`;
}
