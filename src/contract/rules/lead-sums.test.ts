import { describe, expect, it } from 'vitest';
import type { Lead } from '../leads';

let n = 0;
const lead = (extra: Partial<Lead> = {}): Lead => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  name: 'Lead',
  status: 'new',
  created_at: '2026-01-01T12:00:00.000Z',
  updated_at: '2026-01-01T12:00:00.000Z',
  ...extra,
});
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
