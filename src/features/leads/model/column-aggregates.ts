import type { CurrencySum } from '@/contract';
import { money } from '@/lib/format';

// A column's sums come from the BFF (exact under the filters); these only say them. A value with
// no currency is shown as money() shows it (USD), so the sum and the cards agree.

/** "€12,400 · $3,100" */
export function formatSums(sums: readonly CurrencySum[]): string {
  return sums.map((s) => money(s.value, s.currency)).join(' · ');
}

/** "≈ €6,050 · $1,200": each sum weighted by its leads' probability. */
export function formatWeighted(sums: readonly CurrencySum[]): string {
  if (sums.length === 0) return '';
  return `≈ ${sums.map((s) => money(Math.round(s.weighted), s.currency)).join(' · ')}`;
}
