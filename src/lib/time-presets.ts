// The arithmetic behind every "pick a time" menu (snooze, schedule send, remind me): preset times
// in the browser's own time zone ("tomorrow at nine" is the person's nine, not the server's), the
// check on a chosen time, the short way a time is said, and the `datetime-local` field's values.
// Pure: the clock, and in tests the locale, are the caller's. Each menu's own list of presets is
// its own (src/features/inbox/snooze, src/features/inbox/scheduled, src/components/reminders).

/** One choice of a menu: what it is called and when it is, said short ("Mon 09:00"). */
export interface TimePreset<Id extends string = string> {
  readonly id: Id;
  readonly label: string;
  readonly at: Date;
  /** When, short ("Mon 09:00"), for the menu and the toast. */
  readonly time: string;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/** When "Tomorrow" and "Next week" start the day. */
const MORNING_HOUR = 9;
export const MONDAY = 1;

export const isValidDate = (date: Date) => Number.isFinite(date.getTime());

/**
 * The local day `days` after `from`'s, at `hour`:00. setDate and setHours work on the wall clock,
 * so a DST change between the two days still lands on nine o'clock (and `new Date(y, m, d)` is
 * avoided: it reads years 0 to 99 as 1900 to 1999).
 */
export function localDayAt(from: Date, days: number, hour: number): Date {
  const date = new Date(from.getTime());
  date.setDate(date.getDate() + days);
  date.setHours(hour, 0, 0, 0);
  return date;
}

/** The next `weekday` (0 Sunday … 6 Saturday) at `hour`:00; on that weekday, the one a week on. */
export function nextWeekdayAt(now: Date, weekday: number, hour: number): Date {
  const days = (7 + weekday - now.getDay()) % 7 || 7;
  return localDayAt(now, days, hour);
}

/**
 * `aheadMs` on from `now`, rounded up to the next whole `stepMs` (an exact one is kept). The time
 * ahead is real (added to the instant), so a DST change in between does not stretch or shrink it;
 * rounding the instant rounds the local clock too, for steps up to a quarter hour, as every zone's
 * offset today is a whole number of quarter hours.
 */
export function roundedAhead(now: Date, aheadMs: number, stepMs: number): Date {
  return new Date(Math.ceil((now.getTime() + aheadMs) / stepMs) * stepMs);
}

/** Tomorrow at nine, local. */
export const tomorrowMorning = (now: Date): Date => localDayAt(now, 1, MORNING_HOUR);

/** The next Monday at nine, local; on a Monday, the one a week on (this Monday's nine is today's). */
export const nextMondayMorning = (now: Date): Date => nextWeekdayAt(now, MONDAY, MORNING_HOUR);

/** `hours` real hours on, rounded up to the next whole `roundToMinutes` (see roundedAhead). */
export const hoursOn = (now: Date, hours: number, roundToMinutes: number): Date =>
  roundedAhead(now, hours * HOUR_MS, roundToMinutes * MINUTE_MS);

/** A menu's choice: its id, its words, and its time for a given now (null: not offered then). */
export type PresetChoice<Id extends string = string> = readonly [Id, string, (now: Date) => Date | null];

/**
 * A menu's presets for `now` from its choices, in their order, each said short; a choice with no
 * time now is left out, and there are none for an invalid clock.
 */
export function timePresets<Id extends string>(
  now: Date,
  choices: readonly PresetChoice<Id>[],
  locale: string | undefined = browserLocale(),
): TimePreset<Id>[] {
  if (!isValidDate(now)) return [];
  return choices.flatMap(([id, label, when]) => {
    const at = when(now);
    return at ? [{ id, label, at, time: formatPresetTime(at, now, locale) }] : [];
  });
}

/** How far ahead a chosen time may be, and what the field says when it is not. */
export interface TimeAheadRule {
  minMs: number;
  maxMs: number;
  /** Said of a time less than `minMs` ahead (or past). */
  tooSoon: string;
  /** Said of a time more than `maxMs` ahead. */
  tooFar: string;
}

export const INVALID_TIME = 'Enter a valid date and time.';

/** Why a chosen time cannot be sent, in words for the field; null when it can. */
export function checkTimeAhead(value: Date, now: Date, rule: TimeAheadRule): string | null {
  if (!isValidDate(value) || !isValidDate(now)) return INVALID_TIME;
  const ahead = value.getTime() - now.getTime();
  if (ahead < rule.minMs) return rule.tooSoon;
  if (ahead > rule.maxMs) return rule.tooFar;
  return null;
}

const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

// Building a formatter costs far more than using one (a list of snoozed rows or of reminders formats
// each), so each is built once per locale and shape.
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
  return Math.round((day(b) - day(a)) / (24 * HOUR_MS));
}

/**
 * "Mon 09:00" within the coming week; further off (or past) the weekday alone would be ambiguous,
 * so the date joins it ("Mon 12 Jan, 09:00"), and the year when it is not this one. '' for an
 * invalid date; the full date against an invalid clock.
 */
export function formatPresetTime(at: Date, now: Date, locale: string | undefined = browserLocale()): string {
  if (!isValidDate(at)) return '';
  if (!isValidDate(now)) return formatter(locale, 'year').format(at);
  const days = calendarDays(now, at);
  const shape = days >= 0 && days < 7 ? 'week' : at.getFullYear() === now.getFullYear() ? 'date' : 'year';
  return formatter(locale, shape).format(at);
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
  if (!isValidDate(date) || date.getFullYear() < 0 || date.getFullYear() > 9999) return '';
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}
