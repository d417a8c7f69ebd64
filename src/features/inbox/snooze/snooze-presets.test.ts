import { describe, expect, it } from 'vitest';
import { SNOOZE_MAX_MS, SNOOZE_MIN_MS } from '@/contract';
import { inBerlin, inSantiago, localTime as local } from '@/test/time-zone';
import {
  formatSnoozeTime,
  parseLocalDateTime,
  snoozedUntilText,
  snoozePresets,
  validateSnoozeTime,
  type SnoozePresetId,
} from './snooze-presets';

// Times are built and read in the test machine's local zone (the presets are the browser's local
// ones); the year-long check runs again in zones of their own. The arithmetic under the presets
// (DST, odd offsets), the short times and the datetime-local field are src/lib/time-presets.test.ts's.

const HOUR = 3_600_000;
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
    // `until` is the shared presets' `at`, under the name the snooze calls use.
    for (const p of presets) expect(p.until).toBe(p.at);
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

describe('snoozedUntilText', () => {
  const now = new Date();
  const until = new Date(now.getTime() + 2 * HOUR).toISOString();

  it('speaks for a thread the team snoozed, and for no other', () => {
    expect(snoozedUntilText({ status: 'snoozed', snoozed_until: until }, now)).toBe(
      `Snoozed until ${formatSnoozeTime(new Date(until), now)}`,
    );
    expect(formatSnoozeTime(new Date(until), now)).not.toBe('');
    expect(snoozedUntilText({ status: 'snoozed', snoozed_until: null }, now)).toBeNull();
    expect(snoozedUntilText({ status: 'snoozed' }, now)).toBeNull();
    expect(snoozedUntilText({ status: 'open', snoozed_until: until }, now)).toBeNull();
    expect(snoozedUntilText({ status: 'snoozed', snoozed_until: 'garbage' }, now)).toBeNull();
  });
});

inBerlin(holdsForAYear);

// Chile moves its clocks at midnight: on 7 September 2025 the day starts at 01:00.
inSantiago(holdsForAYear);
