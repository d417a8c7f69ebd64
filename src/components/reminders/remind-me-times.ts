import { REMINDER_MAX_MS, REMINDER_MIN_MS } from '@/contract';
import type { PresetChoice, TimePreset } from '@/lib/time-presets';
import { checkTimeAhead, hoursOn, nextMondayMorning, timePresets, tomorrowMorning } from '@/lib/time-presets';

// The "Remind me" menu's choices and the chosen time's check, on the shared time arithmetic
// (src/lib/time-presets.ts: the browser's own time zone, the short way a time is said, the
// datetime-local field's values, passed on from here for the reminder dialogs).

export {
  formatPresetTime as formatRemindTime,
  parseLocalDateTime,
  toLocalInputValue,
} from '@/lib/time-presets';

export type RemindPresetId = 'in-an-hour' | 'tomorrow' | 'next-monday';

/**
 * The menu's choices, soonest first: "In 1 hour" is a real hour, to the minute; "Next Monday" on a
 * Monday is the one a week on.
 */
const CHOICES: readonly PresetChoice<RemindPresetId>[] = [
  ['in-an-hour', 'In 1 hour', (now) => hoursOn(now, 1, 1)],
  ['tomorrow', 'Tomorrow', tomorrowMorning],
  ['next-monday', 'Next Monday', nextMondayMorning],
];

/** The menu's presets for `now`; none for an invalid clock. */
export const remindPresets = (now: Date, locale?: string): TimePreset<RemindPresetId>[] =>
  timePresets(now, CHOICES, locale);

/** Why a chosen time cannot be sent, in words for the field; null when it can. */
export const validateRemindTime = (value: Date, now: Date): string | null =>
  checkTimeAhead(value, now, {
    minMs: REMINDER_MIN_MS,
    maxMs: REMINDER_MAX_MS,
    tooSoon: 'Pick a time at least a minute from now.',
    tooFar: 'Pick a time within a year.',
  });
