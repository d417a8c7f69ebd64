import { describe, expect, it } from 'vitest';
import { formatSums, formatWeighted } from './column-aggregates';

describe('column aggregates', () => {
  const sums = [
    { currency: 'EUR', value: 12_400, weighted: 5_600.4 },
    { currency: null, value: 3_100, weighted: 3_100 },
  ];

  it('says the sums in each currency, a sum without one as dollars', () => {
    expect(formatSums(sums)).toMatch(/€12,400 · \$3,100/);
  });

  it('says the weighted sums rounded, and nothing for a column without values', () => {
    expect(formatWeighted(sums)).toMatch(/^≈ €5,600 · \$3,100$/);
    expect(formatWeighted([])).toBe('');
  });
});
