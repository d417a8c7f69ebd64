import { describe, expect, it } from 'vitest';
import { axisLabel } from './bar-chart';

describe('the chart axis', () => {
  it('labels each day by its date in the calendar, never by an hour', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22'];
    expect(axisLabel(days, 0)).toBe('Nov 20');
    expect(axisLabel(days, 2)).toBe('Nov 22');
    // Between two days (a split uPlot may ask for) and past the end: no label.
    expect(axisLabel(days, 0.5)).toBe('');
    expect(axisLabel(days, 3)).toBe('');
    expect(days.map((_d, i) => axisLabel(days, i)).join(' ')).not.toMatch(/[ap]m/i);
  });
});
