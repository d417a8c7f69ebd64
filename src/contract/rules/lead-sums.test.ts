import { describe, expect, it } from 'vitest';
import { lead } from '../testing/records';
import { adjustSums, sumsOf } from './lead-sums';

describe('lead sums', () => {
  const leads = [
    lead({ value: 1000, currency: 'EUR', probability: 50 }),
    lead({ value: 500, currency: 'EUR', probability: 150 }),
    lead({ value: 200, currency: 'USD', probability: -5 }),
    lead({ value: 70, currency: '', probability: null }),
    lead({ value: null, currency: 'EUR', probability: 100 }),
  ];

  it('sums per currency, weighted by the probability kept within 0 to 100, largest first', () => {
    expect(sumsOf(leads)).toEqual([
      { currency: 'EUR', value: 1500, weighted: 1000 },
      { currency: 'USD', value: 200, weighted: 0 },
      { currency: null, value: 70, weighted: 0 },
    ]);
  });

  it('adjusts by one lead as sumsOf would count it, dropping a currency that reaches nothing', () => {
    const [first, second] = leads;
    expect(adjustSums(sumsOf(leads.slice(1)), first!, 1)).toEqual(sumsOf(leads));
    expect(adjustSums(sumsOf([first!, second!]), second!, -1)).toEqual(sumsOf([first!]));
    expect(adjustSums(sumsOf([first!]), first!, -1)).toEqual([]);
  });
});
