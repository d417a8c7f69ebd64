import { describe, expect, it } from 'vitest';
import { SCHEDULE_MAX_MS } from '@/contract';
import { schedulePresets, scheduledForText, validateScheduleTime } from './schedule-presets';

// The Schedule menu's presets and the chosen time's check, in the browser's time zone.

const at = (text: string) => new Date(text);

describe('schedule presets', () => {
  it('offers an hour on (a round five minutes) and tomorrow at nine', () => {
    const now = at('2026-03-12T10:07:30');
    const [hour, morning] = schedulePresets(now, 'en-GB');
    expect(hour).toMatchObject({ id: 'in-an-hour', label: 'In 1 hour' });
    expect(hour!.at.getTime()).toBe(at('2026-03-12T11:10:00').getTime());
    expect(morning).toMatchObject({ id: 'tomorrow-morning', label: 'Tomorrow morning' });
    expect(morning!.at.getTime()).toBe(at('2026-03-13T09:00:00').getTime());
    expect(morning!.time).toMatch(/09:00/);
  });

  it('offers nothing for an invalid clock', () => {
    expect(schedulePresets(new Date(Number.NaN))).toEqual([]);
  });
});

describe('the chosen time', () => {
  const now = at('2026-03-12T10:00:00');
  it('must be a real time, a minute ahead at least and within 30 days', () => {
    expect(validateScheduleTime(new Date(Number.NaN), now)).toBe('Enter a valid date and time.');
    expect(validateScheduleTime(at('2026-03-12T09:00:00'), now)).toBe(
      'Pick a time at least a minute from now.',
    );
    expect(validateScheduleTime(at('2026-03-12T10:00:30'), now)).toBe(
      'Pick a time at least a minute from now.',
    );
    expect(validateScheduleTime(at('9999-12-31T23:59:00'), now)).toBe('Pick a time within 30 days.');
    expect(validateScheduleTime(new Date(now.getTime() + SCHEDULE_MAX_MS + 60_000), now)).toBe(
      'Pick a time within 30 days.',
    );
    expect(validateScheduleTime(at('2026-03-12T12:00:00'), now)).toBeNull();
  });

  it('must be before the reply window closes, for a text, and says a template is the way after', () => {
    const closes = at('2026-03-12T18:00:00').getTime();
    expect(validateScheduleTime(at('2026-03-12T17:59:00'), now, closes)).toBeNull();
    expect(validateScheduleTime(at('2026-03-12T18:00:00'), now, closes)).toMatch(
      /^The reply window closes \w+ (18:00|06:00 PM): pick an earlier time, or send a template instead\.$/,
    );
  });

  it('reads as "Scheduled for …"', () => {
    expect(scheduledForText('2026-03-12T12:00:00', new Date('2026-03-12T10:00:00'))).toMatch(
      /^Scheduled for \w+ 12:00( PM)?$/,
    );
  });
});
