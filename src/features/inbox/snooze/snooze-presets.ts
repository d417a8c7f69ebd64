import { SNOOZE_MAX_MS, SNOOZE_MIN_MS } from '@/contract';

// The snooze menu's choices and the custom time's check, in the browser's own time zone: "tomorrow
// at nine" is the agent's nine, not the server's. Pure: the clock, and in tests the locale, are
// the caller's.

export type SnoozePresetId = 'later-today' | 'tomorrow' | 'next-week';

export interface SnoozePreset {
  id: SnoozePresetId;
  label: string;
  until: Date;
  /** When it ends, short ("Mon 09:00"), for the menu and the toast. */
  time: string;
}

const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
const LATER_TODAY_MS = 3 * 60 * MINUTE_MS;
/** "Later today" past this local hour is no longer today's: the menu leaves it out. */
const LATEST_TODAY_HOUR = 21;
/** When "Tomorrow" and "Next week" start the day. */
const MORNING_HOUR = 9;
const MONDAY = 1;

const isValid = (date: Date) => Number.isFinite(date.getTime());

/**
 * The local day `days` after `from`'s, at `hour`:00. setDate and setHours work on the wall clock,
 * so a DST change between the two days still lands on nine o'clock (and `new Date(y, m, d)` is
 * avoided: it reads years 0 to 99 as 1900 to 1999).
 */
function localDayAt(from: Date, days: number, hour: number): Date {
  const date = new Date(from.getTime());
  date.setDate(date.getDate() + days);
  date.setHours(hour, 0, 0, 0);
  return date;
}

/**
 * Three hours on, rounded up to the next quarter hour; null once that is past 21:00 today. The
 * three hours are real ones (added to the instant), so a DST change in between does not stretch or
 * shrink them; rounding the instant rounds the local clock too, as every zone's offset today is a
 * whole number of quarter hours.
 */
function laterToday(now: Date): Date | null {
  const until = new Date(Math.ceil((now.getTime() + LATER_TODAY_MS) / QUARTER_MS) * QUARTER_MS);
  return until.getTime() > localDayAt(now, 0, LATEST_TODAY_HOUR).getTime() ? null : until;
}

/** Next Monday at nine; on a Monday, the one a week on (this Monday's nine is "Later today" or past). */
function nextWeek(now: Date): Date {
  const days = (7 + MONDAY - now.getDay()) % 7 || 7;
  return localDayAt(now, days, MORNING_HOUR);
}

/** The menu's presets for `now`, soonest first; none for an invalid clock. */
export function snoozePresets(now: Date, locale: string | undefined = browserLocale()): SnoozePreset[] {
  if (!isValid(now)) return [];
  const later = laterToday(now);
  const choices: [SnoozePresetId, string, Date | null][] = [
    ['later-today', 'Later today', later],
    ['tomorrow', 'Tomorrow', localDayAt(now, 1, MORNING_HOUR)],
    ['next-week', 'Next week', nextWeek(now)],
  ];
  return choices.flatMap(([id, label, until]) =>
    until ? [{ id, label, until, time: formatSnoozeTime(until, now, locale) }] : [],
  );
}

/** Why the custom time cannot be sent, in words for the field; null when it can. */
export function validateSnoozeTime(value: Date, now: Date): string | null {
  if (!isValid(value) || !isValid(now)) return 'Enter a valid date and time.';
  const ahead = value.getTime() - now.getTime();
  if (ahead < SNOOZE_MIN_MS) return 'Pick a time in the future.';
  if (ahead > SNOOZE_MAX_MS) return 'Pick a time within a year.';
  return null;
}

const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

// Building a formatter costs far more than using one (a list of snoozed rows formats each), so
// each is built once per locale and shape.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, shape: 'week' | 'date' | 'year'): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${shape}`;
  let made = formatters.get(key);
  if (made === undefined) {
    made = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      ...(shape === 'week' ? {} : { day: 'numeric', month: 'short' }),
      ...(shape === 'year' ? { year: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(key, made);
  }
  return made;
}

/** Local calendar days from `a`'s date to `b`'s (whole, whatever DST did in between). */
function calendarDays(a: Date, b: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(b) - day(a)) / (24 * 60 * MINUTE_MS));
}

/**
 * "Mon 09:00" within the coming week; further off (or past) the weekday alone would be ambiguous,
 * so the date joins it ("Mon 12 Jan, 09:00"), and the year when it is not this one.
 */
export function formatSnoozeTime(
  until: Date,
  now: Date,
  locale: string | undefined = browserLocale(),
): string {
  if (!isValid(until)) return '';
  if (!isValid(now)) return formatter(locale, 'year').format(until);
  const days = calendarDays(now, until);
  const shape = days >= 0 && days < 7 ? 'week' : until.getFullYear() === now.getFullYear() ? 'date' : 'year';
  return formatter(locale, shape).format(until);
}

/** "Snoozed until Mon 09:00" for a thread the team has snoozed; null for any other. */
export function snoozedUntilText(
  conversation: { status: string; snoozed_until?: string | null | undefined },
  now: Date,
): string | null {
  if (conversation.status !== 'snoozed' || !conversation.snoozed_until) return null;
  const time = formatSnoozeTime(new Date(conversation.snoozed_until), now);
  return time ? `Snoozed until ${time}` : null;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;

/**
 * A `datetime-local` value as the local instant it names; Invalid Date for anything else (an
 * empty field, a 31st of February). A wall time a DST change skips moves forward, as the browser's
 * own parsing does.
 */
export function parseLocalDateTime(value: string): Date {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return new Date(Number.NaN);
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(match[6] ?? 0);
  const ms = Number((match[7] ?? '').padEnd(3, '0'));
  // From a noon no DST change touches; setFullYear rolls an impossible day into the next month,
  // which is refused rather than read as another day.
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return new Date(Number.NaN);
  }
  date.setHours(hour, minute, second, ms);
  return date;
}

/** A local instant as a `datetime-local` value (minutes), or '' where the field cannot show it. */
export function toLocalInputValue(date: Date): string {
  if (!isValid(date) || date.getFullYear() < 0 || date.getFullYear() > 9999) return '';
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}
