import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNOOZE_MAX_MS, SNOOZE_MIN_MS } from '@/contract';
import {
  formatSnoozeTime,
  parseLocalDateTime,
  snoozedUntilText,
  snoozePresets,
  toLocalInputValue,
  validateSnoozeTime,
  type SnoozePresetId,
} from './snooze-presets';

// Times are built and read in the test machine's local zone (the presets are the browser's local
// ones); the DST cases further down set a zone of their own and put the machine's back after.

const HOUR = 3_600_000;
/** A local wall time; `new Date(y, …)` is fine here, every year below is past 99. */
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms);
const byId = (now: Date) =>
  Object.fromEntries(snoozePresets(now, 'en-GB').map((p) => [p.id, p])) as Partial<
    Record<SnoozePresetId, ReturnType<typeof snoozePresets>[number]>
  >;

describe('snoozePresets', () => {
  it('offers Later today, Tomorrow and Next week, soonest first, with short local times', () => {
    // Wednesday 15 January 2025, 10:07.
    const presets = snoozePresets(local(2025, 1, 15, 10, 7), 'en-GB');
    expect(presets.map((p) => [p.label, p.time])).toEqual([
      ['Later today', 'Wed 13:15'],
      ['Tomorrow', 'Thu 09:00'],
      ['Next week', 'Mon 09:00'],
    ]);
    expect(presets.map((p) => p.until)).toEqual([
      local(2025, 1, 15, 13, 15),
      local(2025, 1, 16, 9),
      local(2025, 1, 20, 9),
    ]);
  });

  it('rounds three hours on up to the next quarter hour, and keeps an exact quarter', () => {
    expect(byId(local(2025, 1, 15, 10, 0))['later-today']?.until).toEqual(local(2025, 1, 15, 13, 0));
    expect(byId(local(2025, 1, 15, 10, 0, 0, 1))['later-today']?.until).toEqual(local(2025, 1, 15, 13, 15));
    expect(byId(local(2025, 1, 15, 10, 44, 59))['later-today']?.until).toEqual(local(2025, 1, 15, 13, 45));
    expect(byId(local(2025, 1, 15, 10, 46))['later-today']?.until).toEqual(local(2025, 1, 15, 14, 0));
  });

  it('leaves Later today out once it would end after 21:00, and offers no evening instead', () => {
    expect(byId(local(2025, 1, 15, 18, 0))['later-today']?.until).toEqual(local(2025, 1, 15, 21, 0));
    for (const now of [local(2025, 1, 15, 18, 0, 1), local(2025, 1, 15, 20), local(2025, 1, 15, 23, 59)]) {
      expect(snoozePresets(now, 'en-GB').map((p) => p.label)).toEqual(['Tomorrow', 'Next week']);
    }
  });

  it('Tomorrow is the next calendar day at nine, even just after midnight and across a year', () => {
    expect(byId(local(2025, 1, 15, 0, 30)).tomorrow?.until).toEqual(local(2025, 1, 16, 9));
    expect(byId(local(2025, 12, 31, 23, 59)).tomorrow?.until).toEqual(local(2026, 1, 1, 9));
    expect(byId(local(2024, 2, 28, 12)).tomorrow?.until).toEqual(local(2024, 2, 29, 9));
  });

  it('Next week is the coming Monday at nine; on a Monday, the one seven days on', () => {
    expect(byId(local(2025, 1, 19, 12)).tomorrow?.until).toEqual(local(2025, 1, 20, 9)); // Sunday
    expect(byId(local(2025, 1, 19, 12))['next-week']?.until).toEqual(local(2025, 1, 20, 9));
    expect(byId(local(2025, 1, 18, 12))['next-week']?.until).toEqual(local(2025, 1, 20, 9)); // Saturday
    // Monday before nine still goes a week on: this morning is "Later today"'s business.
    const monday = byId(local(2025, 1, 20, 7));
    expect(monday['next-week']?.until).toEqual(local(2025, 1, 27, 9));
    // A week on is the same weekday as today, so its label carries the date.
    expect(monday['next-week']?.time).toBe('Mon 27 Jan, 09:00');
  });

  it('has no presets for an invalid clock and survives the end of year 9999', () => {
    expect(snoozePresets(new Date(Number.NaN))).toEqual([]);
    const presets = snoozePresets(local(9999, 12, 31, 22), 'en-GB');
    expect(presets.map((p) => p.id)).toEqual(['tomorrow', 'next-week']);
    expect(presets[0]!.until.getFullYear()).toBe(10000);
    for (const p of presets) expect(p.time).not.toBe('');
  });

  holdsForAYear();
});

/** Hours of the day the year-long check looks at: around midnight, the DST hours, nine, the 21:00 cut. */
const HOURS = [0, 1, 2, 3, 9, 18, 20, 23];

/** The presets' promises, in local time, for every day of a year (run in several zones below). */
function holdsForAYear() {
  it('holds in local time on every day of a year, whatever DST does', () => {
    for (let day = 0; day < 366; day++) {
      for (const hour of HOURS) {
        const now = local(2025, 1, 1 + day, hour, 7, 30);
        const presets = byId(now);
        const later = presets['later-today'];
        if (later) {
          const ahead = later.until.getTime() - now.getTime();
          expect(ahead).toBeGreaterThanOrEqual(3 * HOUR);
          expect(ahead).toBeLessThan(3 * HOUR + 15 * 60_000);
          expect(later.until.getMinutes() % 15).toBe(0);
          expect(later.until.getDate()).toBe(now.getDate());
          expect(later.until.getHours() * 60 + later.until.getMinutes()).toBeLessThanOrEqual(21 * 60);
        }
        const tomorrow = presets.tomorrow!.until;
        expect([tomorrow.getHours(), tomorrow.getMinutes()]).toEqual([9, 0]);
        expect(tomorrow.toDateString()).toBe(local(2025, 1, 2 + day).toDateString());
        const week = presets['next-week']!.until;
        expect([week.getDay(), week.getHours(), week.getMinutes()]).toEqual([1, 9, 0]);
        const days = (week.getTime() - now.getTime()) / (24 * HOUR);
        expect(days).toBeGreaterThan(0);
        expect(days).toBeLessThanOrEqual(7.5);
        for (const p of Object.values(presets)) expect(validateSnoozeTime(p.until, now)).toBeNull();
      }
    }
  });
}

describe('validateSnoozeTime', () => {
  const now = local(2025, 1, 15, 10);

  it('accepts a time from a minute to a year ahead', () => {
    expect(validateSnoozeTime(new Date(now.getTime() + SNOOZE_MIN_MS), now)).toBeNull();
    expect(validateSnoozeTime(new Date(now.getTime() + SNOOZE_MAX_MS), now)).toBeNull();
  });

  it('refuses an invalid date', () => {
    expect(validateSnoozeTime(new Date(Number.NaN), now)).toBe('Enter a valid date and time.');
    expect(validateSnoozeTime(new Date('not a date'), now)).toBe('Enter a valid date and time.');
    expect(validateSnoozeTime(parseLocalDateTime(''), now)).toBe('Enter a valid date and time.');
    expect(validateSnoozeTime(now, new Date(Number.NaN))).toBe('Enter a valid date and time.');
  });

  it('refuses now, the past and anything less than a minute ahead', () => {
    for (const value of [
      now,
      new Date(now.getTime() + SNOOZE_MIN_MS - 1),
      new Date(now.getTime() - HOUR),
      new Date(-8.64e15),
    ]) {
      expect(validateSnoozeTime(value, now)).toBe('Pick a time in the future.');
    }
  });

  it('refuses more than a year ahead, year 9999 and the last date there is', () => {
    for (const value of [
      new Date(now.getTime() + SNOOZE_MAX_MS + 1),
      local(9999, 12, 31, 23, 59),
      new Date(8.64e15),
    ]) {
      expect(validateSnoozeTime(value, now)).toBe('Pick a time within a year.');
    }
  });
});

describe('formatSnoozeTime', () => {
  const now = local(2025, 1, 15, 10); // a Wednesday

  it('says the weekday within the coming week, the date beyond it, the year when another', () => {
    expect(formatSnoozeTime(local(2025, 1, 15, 13, 15), now, 'en-GB')).toBe('Wed 13:15');
    expect(formatSnoozeTime(local(2025, 1, 21, 9), now, 'en-GB')).toBe('Tue 09:00');
    expect(formatSnoozeTime(local(2025, 1, 22, 9), now, 'en-GB')).toBe('Wed 22 Jan, 09:00');
    expect(formatSnoozeTime(local(2025, 1, 14, 9), now, 'en-GB')).toBe('Tue 14 Jan, 09:00');
    expect(formatSnoozeTime(local(2026, 1, 2, 9), now, 'en-GB')).toBe('Fri, 2 Jan 2026, 09:00');
  });

  it('says nothing for an invalid date, and the full date against an invalid clock', () => {
    expect(formatSnoozeTime(new Date(Number.NaN), now, 'en-GB')).toBe('');
    expect(formatSnoozeTime(local(2025, 1, 16, 9), new Date(Number.NaN), 'en-GB')).toBe(
      'Thu, 16 Jan 2025, 09:00',
    );
  });
});

describe('snoozedUntilText', () => {
  const now = new Date();
  const until = new Date(now.getTime() + 2 * HOUR).toISOString();

  it('speaks for a thread the team snoozed, and for no other', () => {
    expect(snoozedUntilText({ status: 'snoozed', snoozed_until: until }, now)).toMatch(/^Snoozed until .+/);
    expect(snoozedUntilText({ status: 'snoozed', snoozed_until: null }, now)).toBeNull();
    expect(snoozedUntilText({ status: 'snoozed' }, now)).toBeNull();
    expect(snoozedUntilText({ status: 'open', snoozed_until: until }, now)).toBeNull();
    expect(snoozedUntilText({ status: 'snoozed', snoozed_until: 'garbage' }, now)).toBeNull();
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

/**
 * Runs a block in a named zone: Node reads TZ again whenever it is set, and the zone is put back
 * after. Only instants and Date's local fields are checked there: a date formatter keeps the zone
 * it was built in, and the module keeps its formatters.
 */
function inZone(zone: string, probe: () => boolean, tests: () => void) {
  describe(`in ${zone}`, () => {
    const before = process.env['TZ'];
    let applied = false;
    beforeAll(() => {
      process.env['TZ'] = zone;
      applied = probe();
    });
    afterAll(() => {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    });
    it('the zone is in force', () => {
      expect(applied, `TZ=${zone} did not take effect in this runner`).toBe(true);
    });
    tests();
  });
}

inZone(
  'Europe/Berlin',
  () => new Date(Date.UTC(2025, 0, 15)).getTimezoneOffset() === -60,
  () => {
    it('Later today adds three real hours across the spring change', () => {
      // Sunday 30 March 2025, 00:30 CET; at 02:00 the clocks jump to 03:00.
      const now = new Date('2025-03-29T23:30:00Z');
      const later = byId(now)['later-today']!;
      expect(later.until.toISOString()).toBe('2025-03-30T02:30:00.000Z');
      expect([later.until.getHours(), later.until.getMinutes()]).toEqual([4, 30]);
    });

    it('Tomorrow stays at nine on the wall clock across both changes', () => {
      // Saturday 29 March, 10:00 CET: Sunday's nine is CEST, 23 hours on.
      const spring = byId(new Date('2025-03-29T09:00:00Z')).tomorrow!;
      expect(spring.until.toISOString()).toBe('2025-03-30T07:00:00.000Z');
      // Saturday 25 October, 10:00 CEST: Sunday's nine is CET, 25 hours on.
      const autumn = byId(new Date('2025-10-25T08:00:00Z')).tomorrow!;
      expect(autumn.until.toISOString()).toBe('2025-10-26T08:00:00.000Z');
    });

    it('Next week is Monday nine in the new offset', () => {
      // Friday 24 October 2025, 16:00 CEST; the clocks go back on Sunday.
      const week = byId(new Date('2025-10-24T14:00:00Z'))['next-week']!;
      expect(week.until.toISOString()).toBe('2025-10-27T08:00:00.000Z');
    });

    holdsForAYear();

    it('a wall time the spring change skips reads as the hour after', () => {
      expect(parseLocalDateTime('2025-03-30T02:30').toISOString()).toBe('2025-03-30T01:30:00.000Z');
    });
  },
);

inZone(
  'Asia/Kathmandu',
  () => new Date(Date.UTC(2025, 0, 15)).getTimezoneOffset() === -345,
  () => {
    it('rounds to the local quarter hour in a zone 5:45 ahead', () => {
      // 10:07 in Kathmandu.
      const later = byId(new Date('2025-01-15T04:22:00Z'))['later-today']!;
      expect([later.until.getHours(), later.until.getMinutes()]).toEqual([13, 15]);
    });
  },
);

inZone(
  'America/Santiago',
  () => new Date(Date.UTC(2025, 6, 15)).getTimezoneOffset() === 240,
  () => {
    // Chile moves its clocks at midnight: on 7 September 2025 the day starts at 01:00.
    holdsForAYear();

    it('Tomorrow is nine on a day that has no midnight', () => {
      // Saturday 6 September 2025, 00:07 local.
      const tomorrow = byId(new Date('2025-09-06T04:07:00Z')).tomorrow!;
      expect(tomorrow.until.toISOString()).toBe('2025-09-07T12:00:00.000Z');
    });
  },
);
