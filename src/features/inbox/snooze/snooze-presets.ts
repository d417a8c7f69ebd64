import { SNOOZE_MAX_MS, SNOOZE_MIN_MS } from '@/contract';
import type { PresetChoice, TimePreset } from '@/lib/time-presets';
import {
  checkTimeAhead,
  formatPresetTime,
  hoursOn,
  localDayAt,
  nextMondayMorning,
  timePresets,
  tomorrowMorning,
} from '@/lib/time-presets';

// The snooze menu's choices and the custom time's check, on the shared time arithmetic
// (src/lib/time-presets.ts: the browser's own time zone, the short way a time is said, the
// datetime-local field's values, which are passed on from here for the inbox's other time fields).

export { parseLocalDateTime, toLocalInputValue } from '@/lib/time-presets';

export type SnoozePresetId = 'later-today' | 'tomorrow' | 'next-week';

export interface SnoozePreset extends TimePreset<SnoozePresetId> {
  /** The same as `at`: until when the thread sleeps (the name the snooze calls use). */
  readonly until: Date;
}

/** "Later today" past this local hour is no longer today's: the menu leaves it out. */
const LATEST_TODAY_HOUR = 21;

/** Three hours on, rounded up to the next quarter hour; null once that is past 21:00 today. */
function laterToday(now: Date): Date | null {
  const until = hoursOn(now, 3, 15);
  return until.getTime() > localDayAt(now, 0, LATEST_TODAY_HOUR).getTime() ? null : until;
}

/**
 * The menu's choices, soonest first. "Next week" is next Monday at nine; on a Monday, the one a
 * week on (this Monday's nine is "Later today" or past).
 */
const CHOICES: readonly PresetChoice<SnoozePresetId>[] = [
  ['later-today', 'Later today', laterToday],
  ['tomorrow', 'Tomorrow', tomorrowMorning],
  ['next-week', 'Next week', nextMondayMorning],
];

/** The menu's presets for `now`; none for an invalid clock. */
export const snoozePresets = (now: Date, locale?: string): SnoozePreset[] =>
  timePresets(now, CHOICES, locale).map((preset) => ({ ...preset, until: preset.at }));

/** Why the custom time cannot be sent, in words for the field; null when it can. */
export const validateSnoozeTime = (value: Date, now: Date): string | null =>
  checkTimeAhead(value, now, {
    minMs: SNOOZE_MIN_MS,
    maxMs: SNOOZE_MAX_MS,
    tooSoon: 'Pick a time in the future.',
    tooFar: 'Pick a time within a year.',
  });

/** When a snooze ends, short ("Mon 09:00"), for the menu, the toast and the list's rows. */
export const formatSnoozeTime = formatPresetTime;

/** "Snoozed until Mon 09:00" for a thread the team has snoozed; null for any other. */
export function snoozedUntilText(
  conversation: { status: string; snoozed_until?: string | null | undefined },
  now: Date,
): string | null {
  if (conversation.status !== 'snoozed' || !conversation.snoozed_until) return null;
  const time = formatSnoozeTime(new Date(conversation.snoozed_until), now);
  return time ? `Snoozed until ${time}` : null;
}
