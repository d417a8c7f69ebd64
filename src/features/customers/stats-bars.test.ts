import { describe, expect, it } from 'vitest';
import { statusBars, typeBars } from './stats-bars';

const stats = {
  total: 200,
  active: 100,
  inactive: 30,
  prospect: 50,
  archived: 20,
  by_type: { individual: 70, business: 130 },
};

describe('statistics shaping', () => {
  it('gives one bar per status in a fixed order with shares of the total', () => {
    const bars = statusBars(stats);
    expect(bars.map((b) => [b.key, b.label, b.count, b.percent])).toEqual([
      ['active', 'Active', 100, 50],
      ['inactive', 'Inactive', 30, 15],
      ['prospect', 'Prospect', 50, 25],
      ['archived', 'Archived', 20, 10],
    ]);
  });

  it('scales bar lengths to the largest bar', () => {
    const bars = statusBars(stats);
    expect(bars.map((b) => b.length)).toEqual([1, 0.3, 0.5, 0.2]);
  });

  it('splits individual and business by the typed customers', () => {
    const bars = typeBars({ ...stats, total: 210 });
    expect(bars.map((b) => [b.key, b.count, b.percent])).toEqual([
      ['individual', 70, 35],
      ['business', 130, 65],
    ]);
    expect(bars[1]?.length).toBe(1);
  });

  it('rounds shares to whole percents', () => {
    const bars = statusBars({ ...stats, total: 3, active: 1, inactive: 1, prospect: 1, archived: 0 });
    expect(bars.map((b) => b.percent)).toEqual([33, 33, 33, 0]);
  });

  it('draws empty bars, not NaN, for an empty workspace', () => {
    const empty = {
      total: 0,
      active: 0,
      inactive: 0,
      prospect: 0,
      archived: 0,
      by_type: { individual: 0, business: 0 },
    };
    for (const bar of [...statusBars(empty), ...typeBars(empty)]) {
      expect(bar.percent).toBe(0);
      expect(bar.length).toBe(0);
    }
  });
});
