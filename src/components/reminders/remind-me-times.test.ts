import { describe, expect, it } from 'vitest';
import { REMINDER_MAX_MS } from '@/contract';
import { localTime as local } from '@/test/time-zone';
import { formatRemindTime, remindPresets, validateRemindTime } from './remind-me-times';

// The "Remind me" menu's presets and the chosen time's check, in the browser's time zone (the
// arithmetic under them is src/lib/time-presets.test.ts's).

describe('remind presets', () => {
  it('offers a real hour on (to the minute), tomorrow at nine and next Monday at nine', () => {
    // Wednesday 15 January 2025, 10:07:30.
    const presets = remindPresets(local(2025, 1, 15, 10, 7, 30), 'en-GB');
    expect(presets.map((p) => [p.id, p.label, p.time])).toEqual([
      ['in-an-hour', 'In 1 hour', 'Wed 11:08'],
      ['tomorrow', 'Tomorrow', 'Thu 09:00'],
      ['next-monday', 'Next Monday', 'Mon 09:00'],
    ]);
    expect(presets.map((p) => p.at)).toEqual([
      local(2025, 1, 15, 11, 8),
      local(2025, 1, 16, 9),
      local(2025, 1, 20, 9),
    ]);
  });

  it('on a Monday, Next Monday is the one a week on; no presets for an invalid clock', () => {
    const monday = remindPresets(local(2025, 1, 20, 7), 'en-GB').find((p) => p.id === 'next-monday')!;
    expect(monday.at).toEqual(local(2025, 1, 27, 9));
    expect(monday.time).toBe('Mon 27 Jan, 09:00');
    expect(remindPresets(new Date(Number.NaN))).toEqual([]);
  });
});

describe('the chosen time', () => {
  const now = local(2025, 1, 15, 10);
  it('must be a real time, a minute ahead at least and within a year', () => {
    expect(validateRemindTime(new Date(Number.NaN), now)).toBe('Enter a valid date and time.');
    expect(validateRemindTime(new Date(now.getTime() + 30_000), now)).toBe(
      'Pick a time at least a minute from now.',
    );
    expect(validateRemindTime(new Date(now.getTime() + REMINDER_MAX_MS + 1), now)).toBe(
      'Pick a time within a year.',
    );
    expect(validateRemindTime(new Date(now.getTime() + 60_000), now)).toBeNull();
  });

  it('is said short, as the other menus say theirs', () => {
    expect(formatRemindTime(local(2025, 1, 16, 9), now, 'en-GB')).toBe('Thu 09:00');
  });
});
