import { SCHEDULE_MAX_MS, SCHEDULE_MIN_MS } from '@/contract';
import type { PresetChoice, TimePreset } from '@/lib/time-presets';
import { checkTimeAhead, formatPresetTime, hoursOn, timePresets, tomorrowMorning } from '@/lib/time-presets';

// The Schedule menu's choices and the chosen time's check, on the shared time arithmetic
// (src/lib/time-presets.ts: the browser's own time zone and the short way a time is said).

export type SchedulePresetId = 'in-an-hour' | 'tomorrow-morning';

/** The menu's choices, soonest first: "In 1 hour" is rounded up to five minutes, to read as a round time. */
const CHOICES: readonly PresetChoice<SchedulePresetId>[] = [
  ['in-an-hour', 'In 1 hour', (now) => hoursOn(now, 1, 5)],
  ['tomorrow-morning', 'Tomorrow morning', tomorrowMorning],
];

/** The menu's presets for `now`; none for an invalid clock. */
export const schedulePresets = (now: Date, locale?: string): TimePreset<SchedulePresetId>[] =>
  timePresets(now, CHOICES, locale);

/**
 * Why the chosen time cannot be used, in words for the field; null when it can. `windowClosesAt`:
 * for a text, when the 24-hour window closes (the BFF refuses a text due later).
 */
export function validateScheduleTime(value: Date, now: Date, windowClosesAt?: number): string | null {
  const problem = checkTimeAhead(value, now, {
    minMs: SCHEDULE_MIN_MS,
    maxMs: SCHEDULE_MAX_MS,
    tooSoon: 'Pick a time at least a minute from now.',
    tooFar: 'Pick a time within 30 days.',
  });
  if (problem || windowClosesAt === undefined || value.getTime() < windowClosesAt) return problem;
  return `The reply window closes ${formatPresetTime(new Date(windowClosesAt), now)}: pick an earlier time, or send a template instead.`;
}

/** "Scheduled for Fri 09:00". */
export const scheduledForText = (sendAt: string, now: Date): string =>
  `Scheduled for ${formatPresetTime(new Date(sendAt), now)}`;
