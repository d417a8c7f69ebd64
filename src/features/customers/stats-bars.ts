import { CUSTOMER_STATUSES, CUSTOMER_TYPES, type CustomerStats } from '@/contract';
import { STATUS_LABELS, TYPE_LABELS } from './labels';

export interface Bar {
  key: string;
  label: string;
  count: number;
  /** Share of the group's whole, 0-100, rounded to a whole number for the label. */
  percent: number;
  /** Bar length, 0-1, relative to the group's largest value so the longest bar fills its track. */
  length: number;
}

function shape(entries: { key: string; label: string; count: number }[], whole: number): Bar[] {
  const max = Math.max(0, ...entries.map((e) => e.count));
  return entries.map((e) => ({
    ...e,
    percent: whole > 0 ? Math.round((e.count / whole) * 100) : 0,
    length: max > 0 ? e.count / max : 0,
  }));
}

/** Customers by status, in the spec's order, as shares of the total. */
export function statusBars(stats: CustomerStats): Bar[] {
  return shape(
    CUSTOMER_STATUSES.map((key) => ({ key, label: STATUS_LABELS[key], count: Math.max(0, stats[key]) })),
    stats.total,
  );
}

/**
 * Individual vs business, as shares of the typed customers (a customer without a type is in the
 * total but in neither bar).
 */
export function typeBars(stats: CustomerStats): Bar[] {
  const entries = CUSTOMER_TYPES.map((key) => ({
    key,
    label: TYPE_LABELS[key],
    count: Math.max(0, stats.by_type[key]),
  }));
  return shape(
    entries,
    entries.reduce((sum, e) => sum + e.count, 0),
  );
}
