import { SCHEDULE_MAX_MS, SCHEDULE_MIN_MS } from '@/contract';
import { formatSnoozeTime } from '../snooze/snooze-presets';

// The Schedule menu's choices and the chosen time's check, in the browser's own time zone, like the
// snooze menu's (snooze-presets.ts, whose formatting and datetime-local parsing these share). Pure:
// the clock, and in tests the locale, are the caller's.

export type SchedulePresetId = 'in-an-hour' | 'tomorrow-morning';

export interface SchedulePreset {
  id: SchedulePresetId;
  label: string;
  sendAt: Date;
  /** When it goes, short ("Fri 09:00"), for the menu. */
  time: string;
}

const MINUTE_MS = 60_000;
const MORNING_HOUR = 9;

const isValid = (date: Date) => Number.isFinite(date.getTime());

/** An hour on, rounded up to the next five minutes: "in 1 hour" reads as a round time. */
function inAnHour(now: Date): Date {
  const five = 5 * MINUTE_MS;
  return new Date(Math.ceil((now.getTime() + 60 * MINUTE_MS) / five) * five);
}

/** Tomorrow's local nine o'clock (setDate and setHours work on the wall clock, so DST is kept). */
function tomorrowMorning(now: Date): Date {
  const date = new Date(now.getTime());
  date.setDate(date.getDate() + 1);
  date.setHours(MORNING_HOUR, 0, 0, 0);
  return date;
}

/** The menu's presets for `now`, soonest first; none for an invalid clock. */
export function schedulePresets(now: Date, locale?: string): SchedulePreset[] {
  if (!isValid(now)) return [];
  const choices: [SchedulePresetId, string, Date][] = [
    ['in-an-hour', 'In 1 hour', inAnHour(now)],
    ['tomorrow-morning', 'Tomorrow morning', tomorrowMorning(now)],
  ];
  return choices.map(([id, label, sendAt]) => ({
    id,
    label,
    sendAt,
    time: formatSnoozeTime(sendAt, now, locale),
  }));
}

/**
 * Why the chosen time cannot be used, in words for the field; null when it can. `windowClosesAt`:
 * for a text, when the 24-hour window closes (the BFF refuses a text due later).
 */
export function validateScheduleTime(value: Date, now: Date, windowClosesAt?: number): string | null {
  if (!isValid(value) || !isValid(now)) return 'Enter a valid date and time.';
  const ahead = value.getTime() - now.getTime();
  if (ahead < SCHEDULE_MIN_MS) return 'Pick a time at least a minute from now.';
  if (ahead > SCHEDULE_MAX_MS) return 'Pick a time within 30 days.';
  if (windowClosesAt !== undefined && value.getTime() >= windowClosesAt)
    return `The reply window closes ${formatSnoozeTime(new Date(windowClosesAt), now)}: pick an earlier time, or send a template instead.`;
  return null;
}

/** "Scheduled for Fri 09:00". */
export const scheduledForText = (sendAt: string, now: Date): string =>
  `Scheduled for ${formatSnoozeTime(new Date(sendAt), now)}`;
