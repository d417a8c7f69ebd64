import { describe, expect, it } from 'vitest';
import {
  addBusinessTime,
  alwaysOpen,
  businessTimeBetween,
  clockText,
  dayOfDate,
  isTimeZone,
  minutesOf,
  overlappingShift,
  type BusinessCalendar,
  type Shift,
} from './business-time';

const H = 3_600_000;
const M = 60_000;
const nineToFive: Shift[] = [{ start: 9 * 60, end: 17 * 60 }];
/** Monday to Friday 09:00–17:00 in a zone. */
const weekdays = (timeZone: string, holidays: BusinessCalendar['holidays'] = []): BusinessCalendar => ({
  timeZone,
  week: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
  holidays,
});
const at = (iso: string) => Date.parse(iso);

describe('addBusinessTime', () => {
  it('counts only open time, carrying over the night and the weekend', () => {
    const cal = weekdays('UTC');
    // Friday 16:00 + 2h: one hour on Friday, one on Monday from 09:00.
    expect(addBusinessTime(at('2026-11-27T16:00:00Z'), 2 * H, cal)).toBe(at('2026-11-30T10:00:00Z'));
    // Saturday: starts on Monday's opening.
    expect(addBusinessTime(at('2026-11-28T12:00:00Z'), 30 * M, cal)).toBe(at('2026-11-30T09:30:00Z'));
  });

  it('reads shifts in the zone, across the spring and autumn changes (Europe/London)', () => {
    const cal = weekdays('Europe/London');
    // Friday 27 March 2026 16:00 GMT + 2h -> Monday 30 March 10:00 BST (09:00 UTC).
    expect(addBusinessTime(at('2026-03-27T16:00:00Z'), 2 * H, cal)).toBe(at('2026-03-30T09:00:00Z'));
    // Friday 23 October 2026 16:00 BST (15:00 UTC) + 2h -> Monday 26 October 10:00 GMT.
    expect(addBusinessTime(at('2026-10-23T15:00:00Z'), 2 * H, cal)).toBe(at('2026-10-26T10:00:00Z'));
  });

  it('gives a 24-hour day its real length on the day the clocks change', () => {
    const cal = alwaysOpen('Europe/London');
    // 29 March 2026 has 23 hours: 24h of open time from its local midnight ends at 01:00 the day after.
    expect(addBusinessTime(at('2026-03-29T00:00:00Z'), 24 * H, cal)).toBe(at('2026-03-30T00:00:00Z'));
    expect(businessTimeBetween(at('2026-03-29T00:00:00Z'), at('2026-03-29T23:00:00Z'), cal)).toBe(23 * H);
    // 25 October 2026 has 25 hours.
    expect(businessTimeBetween(at('2026-10-24T23:00:00Z'), at('2026-10-26T00:00:00Z'), cal)).toBe(25 * H);
  });

  it('skips holidays and uses several shifts a day', () => {
    const cal: BusinessCalendar = {
      timeZone: 'Asia/Kolkata',
      week: Array.from({ length: 7 }, () => [
        { start: 9 * 60, end: 12 * 60 },
        { start: 13 * 60, end: 17 * 60 + 30 },
      ]),
      holidays: [{ date: '2026-12-01', name: 'Closed' }],
    };
    // 30 Nov 11:00 IST (05:30Z) + 2h: 1h before lunch, 1h after -> 14:00 IST.
    expect(addBusinessTime(at('2026-11-30T05:30:00Z'), 2 * H, cal)).toBe(at('2026-11-30T08:30:00Z'));
    // 30 Nov 17:00 IST + 1h: 30 min that day, then 1 Dec is a holiday -> 2 Dec 09:30 IST (04:00Z).
    expect(addBusinessTime(at('2026-11-30T11:30:00Z'), H, cal)).toBe(at('2026-12-02T04:00:00Z'));
  });

  it('joins an overnight shift entered as two shifts at midnight', () => {
    const night: Shift[] = [
      { start: 0, end: 6 * 60 },
      { start: 22 * 60, end: 24 * 60 },
    ];
    const cal: BusinessCalendar = {
      timeZone: 'UTC',
      week: Array.from({ length: 7 }, () => night),
      holidays: [],
    };
    expect(addBusinessTime(at('2026-11-27T23:00:00Z'), 3 * H, cal)).toBe(at('2026-11-28T02:00:00Z'));
  });

  it('answers null for a calendar that never opens, and works near year 9999', () => {
    const closed: BusinessCalendar = {
      timeZone: 'UTC',
      week: Array.from({ length: 7 }, () => []),
      holidays: [],
    };
    expect(addBusinessTime(at('2026-11-27T00:00:00Z'), H, closed)).toBeNull();
    const cal = weekdays('America/New_York');
    const late = at('9999-12-30T12:00:00Z');
    expect(addBusinessTime(late, H, cal)).toBeGreaterThan(late);
  });
});

describe('businessTimeBetween', () => {
  it('is the inverse of addBusinessTime, and negative past due', () => {
    const cal = weekdays('Australia/Lord_Howe'); // a half-hour DST change
    const start = at('2026-04-02T01:00:00Z');
    for (const ms of [15 * M, 3 * H, 20 * H, 100 * H]) {
      const due = addBusinessTime(start, ms, cal)!;
      expect(businessTimeBetween(start, due, cal)).toBe(ms);
      expect(businessTimeBetween(due, start, cal)).toBe(-ms);
    }
  });

  it('is zero over a closed stretch and fast over 10,000 spans', () => {
    const cal = weekdays('Europe/London');
    expect(businessTimeBetween(at('2026-11-28T10:00:00Z'), at('2026-11-29T20:00:00Z'), cal)).toBe(0);
    const begun = performance.now();
    const now = at('2026-11-27T10:00:00Z');
    for (let i = 0; i < 10_000; i += 1) businessTimeBetween(now, now + (i % 500) * 10 * M, cal);
    expect(performance.now() - begun).toBeLessThan(1_000);
  });
});

describe('the calendar checks', () => {
  it('knows zones, dates, overlaps and clock text', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(dayOfDate('2026-02-29')).toBeNull();
    expect(dayOfDate('9999-12-31')).not.toBeNull();
    expect(overlappingShift([nineToFive[0]!, { start: 16 * 60, end: 18 * 60 }])).toBe(1);
    expect(overlappingShift([{ start: 13 * 60, end: 14 * 60 }, nineToFive[0]!])).toBe(0);
    expect(
      overlappingShift([
        { start: 0, end: 60 },
        { start: 60, end: 120 },
      ]),
    ).toBe(-1);
    expect(clockText(1440)).toBe('24:00');
    expect(minutesOf('09:30')).toBe(570);
    expect(minutesOf('24:01')).toBeNull();
  });
});
