import { describe, expect, it } from 'vitest';
import { columnSums, formatSums, formatWeighted } from './column-aggregates';

describe('column aggregates', () => {
  const rows = [
    { value: 10_000, currency: 'EUR', probability: 50 },
    { value: 2_400, currency: 'EUR', probability: 25 },
    { value: 3_100, currency: 'USD', probability: 100 },
    { value: null, currency: 'EUR', probability: 90 },
    { value: 500, currency: 'GBP', probability: null },
  ];

  it('sums value and weighted value per currency, largest first', () => {
    expect(columnSums(rows)).toEqual([
      { currency: 'EUR', value: 12_400, weighted: 5_600 },
      { currency: 'USD', value: 3_100, weighted: 3_100 },
      { currency: 'GBP', value: 500, weighted: 0 },
    ]);
  });

  it('clamps probability to 0..100 and skips rows without a value', () => {
    expect(
      columnSums([
        { value: 100, currency: 'EUR', probability: 150 },
        { value: undefined, currency: 'EUR', probability: 1 },
      ]),
    ).toEqual([{ currency: 'EUR', value: 100, weighted: 100 }]);
    expect(columnSums([])).toEqual([]);
  });

  it('formats sums in each currency', () => {
    const sums = columnSums(rows.slice(0, 3));
    expect(formatSums(sums)).toMatch(/12,400.*·.*3,100/);
    expect(formatWeighted(sums)).toMatch(/^≈ .*5,600 · .*3,100$/);
    expect(formatWeighted([])).toBe('');
  });
});
