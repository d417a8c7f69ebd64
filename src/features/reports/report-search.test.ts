import { describe, expect, it } from 'vitest';
import { formatDuration, reportQueryOf } from './report-search';

describe('report range and durations', () => {
  it('defaults to the last 7 days and an hour target, and keeps what the URL says', () => {
    const now = Date.parse('2026-11-23T15:00:00.000Z');
    expect(reportQueryOf({}, now)).toEqual({
      from: '2026-11-17',
      to: '2026-11-23',
      channel: undefined,
      target: 60,
    });
    expect(reportQueryOf({ from: '2026-01-01', to: '2026-01-31', target: 15 }, now)).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      target: 15,
    });
  });

  it('reads durations as people do', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(7500)).toBe('2 h 5 min');
    expect(formatDuration(3 * 86_400 + 7200)).toBe('3 d 2 h');
  });
});
