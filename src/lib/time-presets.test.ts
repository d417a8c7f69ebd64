import { describe, expect, it } from 'vitest';
import { inBerlin, inKathmandu, inSantiago, localTime as local } from '@/test/time-zone';
import {
  HOUR_MS,
  INVALID_TIME,
  MINUTE_MS,
  MONDAY,
  checkTimeAhead,
  formatPresetTime,
  hoursOn,
  localDayAt,
  nextMondayMorning,
  nextWeekdayAt,
  parseLocalDateTime,
  roundedAhead,
  timePresets,
  toLocalInputValue,
  tomorrowMorning,
} from './time-presets';

// Times are built and read in the test machine's local zone (the presets are the browser's local
// ones); the DST cases further down set a zone of their own and put the machine's back after.
// The menus' own lists are tested beside them (snooze-presets, schedule-presets, remind-me-times).

const QUARTER_MS = 15 * MINUTE_MS;

describe('localDayAt', () => {
  it('is the next calendar day at nine, even just after midnight, across a year and on a leap day', () => {
    expect(localDayAt(local(2025, 1, 15, 0, 30), 1, 9)).toEqual(local(2025, 1, 16, 9));
    expect(localDayAt(local(2025, 12, 31, 23, 59), 1, 9)).toEqual(local(2026, 1, 1, 9));
    expect(localDayAt(local(2024, 2, 28, 12), 1, 9)).toEqual(local(2024, 2, 29, 9));
  });

  it('is today at an hour with no days on', () => {
    expect(localDayAt(local(2025, 1, 15, 10, 7, 30, 5), 0, 21)).toEqual(local(2025, 1, 15, 21));
  });
});

describe('nextWeekdayAt', () => {
  it('is the coming Monday at nine; on a Monday, the one seven days on', () => {
    expect(nextWeekdayAt(local(2025, 1, 19, 12), MONDAY, 9)).toEqual(local(2025, 1, 20, 9)); // Sunday
    expect(nextWeekdayAt(local(2025, 1, 18, 12), MONDAY, 9)).toEqual(local(2025, 1, 20, 9)); // Saturday
    expect(nextWeekdayAt(local(2025, 1, 15, 10), MONDAY, 9)).toEqual(local(2025, 1, 20, 9)); // Wednesday
    // Monday before nine still goes a week on: this morning is "later today"'s business.
    expect(nextWeekdayAt(local(2025, 1, 20, 7), MONDAY, 9)).toEqual(local(2025, 1, 27, 9));
  });
});

describe('roundedAhead', () => {
  it('rounds up to the next step, and keeps an exact one', () => {
    const threeHours = (now: Date) => roundedAhead(now, 3 * HOUR_MS, QUARTER_MS);
    expect(threeHours(local(2025, 1, 15, 10, 0))).toEqual(local(2025, 1, 15, 13, 0));
    expect(threeHours(local(2025, 1, 15, 10, 0, 0, 1))).toEqual(local(2025, 1, 15, 13, 15));
    expect(threeHours(local(2025, 1, 15, 10, 44, 59))).toEqual(local(2025, 1, 15, 13, 45));
    expect(threeHours(local(2025, 1, 15, 10, 46))).toEqual(local(2025, 1, 15, 14, 0));
    expect(roundedAhead(local(2026, 3, 12, 10, 7, 30), HOUR_MS, 5 * MINUTE_MS)).toEqual(
      local(2026, 3, 12, 11, 10),
    );
    expect(roundedAhead(local(2026, 3, 12, 10, 7, 30), HOUR_MS, MINUTE_MS)).toEqual(
      local(2026, 3, 12, 11, 8),
    );
  });
});

describe("the menus' times", () => {
  const wednesday = local(2025, 1, 15, 10, 7, 30);

  it('says tomorrow morning and next Monday morning at nine', () => {
    expect(tomorrowMorning(wednesday)).toEqual(local(2025, 1, 16, 9));
    expect(nextMondayMorning(wednesday)).toEqual(local(2025, 1, 20, 9));
    expect(nextMondayMorning(local(2025, 1, 20, 9, 30))).toEqual(local(2025, 1, 27, 9));
  });

  it('says hours on in whole minutes, rounded up', () => {
    expect(hoursOn(wednesday, 3, 15)).toEqual(local(2025, 1, 15, 13, 15));
    expect(hoursOn(wednesday, 1, 5)).toEqual(local(2025, 1, 15, 11, 10));
    expect(hoursOn(wednesday, 1, 1)).toEqual(local(2025, 1, 15, 11, 8));
  });
});

describe('timePresets', () => {
  const now = local(2025, 1, 15, 10, 7); // a Wednesday

  it('keeps the choices in order, says each short, and leaves out one with no time now', () => {
    const presets = timePresets(
      now,
      [
        ['soon', 'Soon', () => local(2025, 1, 15, 13, 15)],
        ['never', 'Never', () => null],
        ['monday', 'Monday', nextMondayMorning],
      ],
      'en-GB',
    );
    expect(presets).toEqual([
      { id: 'soon', label: 'Soon', at: local(2025, 1, 15, 13, 15), time: 'Wed 13:15' },
      { id: 'monday', label: 'Monday', at: local(2025, 1, 20, 9), time: 'Mon 09:00' },
    ]);
  });

  it('has none for an invalid clock (nor asks a choice), and says a time past the end of year 9999', () => {
    const asked: Date[] = [];
    const choice = (at: Date) => {
      asked.push(at);
      return at;
    };
    expect(timePresets(new Date(Number.NaN), [['a', 'A', choice]])).toEqual([]);
    expect(asked).toEqual([]);
    const [tomorrow] = timePresets(
      local(9999, 12, 31, 22),
      [['tomorrow', 'Tomorrow', tomorrowMorning]],
      'en-GB',
    );
    expect(tomorrow!.at.getFullYear()).toBe(10000);
    expect(tomorrow!.time).not.toBe('');
  });
});

describe('checkTimeAhead', () => {
  const now = local(2025, 1, 15, 10);
  const rule = { minMs: MINUTE_MS, maxMs: 366 * 24 * HOUR_MS, tooSoon: 'Too soon.', tooFar: 'Too far.' };

  it('accepts a time from the least to the most ahead', () => {
    expect(checkTimeAhead(new Date(now.getTime() + rule.minMs), now, rule)).toBeNull();
    expect(checkTimeAhead(new Date(now.getTime() + rule.maxMs), now, rule)).toBeNull();
  });

  it('refuses an invalid date or clock', () => {
    expect(checkTimeAhead(new Date(Number.NaN), now, rule)).toBe(INVALID_TIME);
    expect(checkTimeAhead(new Date('not a date'), now, rule)).toBe(INVALID_TIME);
    expect(checkTimeAhead(parseLocalDateTime(''), now, rule)).toBe(INVALID_TIME);
    expect(checkTimeAhead(now, new Date(Number.NaN), rule)).toBe(INVALID_TIME);
    expect(INVALID_TIME).toBe('Enter a valid date and time.');
  });

  it('refuses now, the past and less than the least ahead in its own words', () => {
    for (const value of [now, new Date(now.getTime() + rule.minMs - 1), new Date(-8.64e15)]) {
      expect(checkTimeAhead(value, now, rule)).toBe('Too soon.');
    }
  });

  it('refuses more than the most ahead, year 9999 and the last date there is', () => {
    for (const value of [
      new Date(now.getTime() + rule.maxMs + 1),
      local(9999, 12, 31, 23, 59),
      new Date(8.64e15),
    ]) {
      expect(checkTimeAhead(value, now, rule)).toBe('Too far.');
    }
  });
});

describe('formatPresetTime', () => {
  const now = local(2025, 1, 15, 10); // a Wednesday

  it('says the weekday within the coming week, the date beyond it, the year when another', () => {
    expect(formatPresetTime(local(2025, 1, 15, 13, 15), now, 'en-GB')).toBe('Wed 13:15');
    expect(formatPresetTime(local(2025, 1, 21, 9), now, 'en-GB')).toBe('Tue 09:00');
    expect(formatPresetTime(local(2025, 1, 22, 9), now, 'en-GB')).toBe('Wed 22 Jan, 09:00');
    expect(formatPresetTime(local(2025, 1, 14, 9), now, 'en-GB')).toBe('Tue 14 Jan, 09:00');
    expect(formatPresetTime(local(2026, 1, 2, 9), now, 'en-GB')).toBe('Fri, 2 Jan 2026, 09:00');
  });

  it('says nothing for an invalid date, and the full date against an invalid clock', () => {
    expect(formatPresetTime(new Date(Number.NaN), now, 'en-GB')).toBe('');
    expect(formatPresetTime(local(2025, 1, 16, 9), new Date(Number.NaN), 'en-GB')).toBe(
      'Thu, 16 Jan 2025, 09:00',
    );
  });
});

describe('the datetime-local field', () => {
  it('reads a local wall time', () => {
    expect(parseLocalDateTime('2025-03-10T09:30')).toEqual(local(2025, 3, 10, 9, 30));
    expect(parseLocalDateTime('2025-03-10T09:30:15.5')).toEqual(local(2025, 3, 10, 9, 30, 15, 500));
    // Years below 100 stay themselves (Date's constructor would read 0099 as 1999).
    expect(parseLocalDateTime('0099-06-01T12:00').getFullYear()).toBe(99);
  });

  it('refuses what is not a real local time', () => {
    for (const value of [
      '',
      'tomorrow',
      '2025-02-31T10:00',
      '2026-02-31T09:00',
      '2025-13-01T10:00',
      '2025-01-01T24:00',
      '2025-01-01T10:60',
      '2025-01-01 10:00',
      '2025-01-01T10:00Z',
      '+010000-01-01T10:00',
    ]) {
      expect(Number.isNaN(parseLocalDateTime(value).getTime()), value).toBe(true);
    }
  });

  it('writes a time back as the field shows it, and nothing it cannot show', () => {
    expect(toLocalInputValue(local(2025, 3, 10, 9, 30, 59))).toBe('2025-03-10T09:30');
    expect(parseLocalDateTime(toLocalInputValue(local(2025, 12, 31, 23, 45)))).toEqual(
      local(2025, 12, 31, 23, 45),
    );
    expect(toLocalInputValue(new Date(Number.NaN))).toBe('');
    expect(toLocalInputValue(new Date(8.64e15))).toBe('');
  });
});

inBerlin(() => {
  it('adds real hours across the spring change', () => {
    // Sunday 30 March 2025, 00:30 CET; at 02:00 the clocks jump to 03:00.
    const later = roundedAhead(new Date('2025-03-29T23:30:00Z'), 3 * HOUR_MS, QUARTER_MS);
    expect(later.toISOString()).toBe('2025-03-30T02:30:00.000Z');
    expect([later.getHours(), later.getMinutes()]).toEqual([4, 30]);
  });

  it('stays at nine on the wall clock across both changes', () => {
    // Saturday 29 March, 10:00 CET: Sunday's nine is CEST, 23 hours on.
    expect(localDayAt(new Date('2025-03-29T09:00:00Z'), 1, 9).toISOString()).toBe('2025-03-30T07:00:00.000Z');
    // Saturday 25 October, 10:00 CEST: Sunday's nine is CET, 25 hours on.
    expect(localDayAt(new Date('2025-10-25T08:00:00Z'), 1, 9).toISOString()).toBe('2025-10-26T08:00:00.000Z');
  });

  it('finds Monday nine in the new offset', () => {
    // Friday 24 October 2025, 16:00 CEST; the clocks go back on Sunday.
    expect(nextWeekdayAt(new Date('2025-10-24T14:00:00Z'), MONDAY, 9).toISOString()).toBe(
      '2025-10-27T08:00:00.000Z',
    );
  });

  it('reads a wall time the spring change skips as the hour after', () => {
    expect(parseLocalDateTime('2025-03-30T02:30').toISOString()).toBe('2025-03-30T01:30:00.000Z');
  });
});

inKathmandu(() => {
  it('rounds to the local quarter hour in a zone 5:45 ahead', () => {
    // 10:07 in Kathmandu.
    const later = roundedAhead(new Date('2025-01-15T04:22:00Z'), 3 * HOUR_MS, QUARTER_MS);
    expect([later.getHours(), later.getMinutes()]).toEqual([13, 15]);
  });
});

inSantiago(() => {
  it('is nine on a day that has no midnight', () => {
    // Saturday 6 September 2025, 00:07 local; the next day starts at 01:00.
    expect(localDayAt(new Date('2025-09-06T04:07:00Z'), 1, 9).toISOString()).toBe('2025-09-07T12:00:00.000Z');
  });
});
