import { REMINDER_MAX_MS, REMINDER_MIN_MS } from '@/contract';

// The "Remind me" menu's choices and the chosen time's check, in the browser's own time zone:
// "tomorrow at nine" is the person's nine, not the server's. Pure: the clock and the locale are the
// caller's. (The thread header's snooze menu has its own, in the inbox feature, which shared code
// here cannot import: the two differ in their choices anyway.)

export type RemindPresetId = 'in-an-hour' | 'tomorrow' | 'next-monday';

export interface RemindPreset {
  readonly id: RemindPresetId;
  readonly label: string;
  readonly at: Date;
  /** When, short ("Mon 09:00"), for the menu and the toast. */
  readonly time: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const MORNING_HOUR = 9;
const MONDAY = 1;

const isValid = (date: Date) => Number.isFinite(date.getTime());

/** The local day `days` after `from`'s at `hour`:00 (wall clock, so a DST change keeps nine o'clock). */
function localDayAt(from: Date, days: number, hour: number): Date {
  const date = new Date(from.getTime());
  date.setDate(date.getDate() + days);
  date.setHours(hour, 0, 0, 0);
  return date;
}

/** The next Monday at nine; on a Monday, the one a week on. */
function nextMonday(now: Date): Date {
  const days = (7 + MONDAY - now.getDay()) % 7 || 7;
  return localDayAt(now, days, MORNING_HOUR);
}

/** The menu's presets for `now`, soonest first; none for an invalid clock. */
export function remindPresets(now: Date, locale: string | undefined = browserLocale()): RemindPreset[] {
  if (!isValid(now)) return [];
  // A real hour (added to the instant), to the minute: a DST change does not stretch it.
  const inAnHour = new Date(Math.ceil((now.getTime() + HOUR_MS) / MINUTE_MS) * MINUTE_MS);
  const choices: [RemindPresetId, string, Date][] = [
    ['in-an-hour', 'In 1 hour', inAnHour],
    ['tomorrow', 'Tomorrow', localDayAt(now, 1, MORNING_HOUR)],
    ['next-monday', 'Next Monday', nextMonday(now)],
  ];
  return choices.map(([id, label, at]) => ({ id, label, at, time: formatRemindTime(at, now, locale) }));
}

/** Why a chosen time cannot be sent, in words for the field; null when it can. */
export function validateRemindTime(value: Date, now: Date): string | null {
  if (!isValid(value) || !isValid(now)) return 'Enter a valid date and time.';
  const ahead = value.getTime() - now.getTime();
  if (ahead < REMINDER_MIN_MS) return 'Pick a time at least a minute from now.';
  if (ahead > REMINDER_MAX_MS) return 'Pick a time within a year.';
  return null;
}

const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

// A formatter costs far more to build than to use (a page formats every reminder): one per shape.
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

function calendarDays(a: Date, b: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(b) - day(a)) / (24 * HOUR_MS));
}

/** "Mon 09:00" within the coming week; the date joins it further off or in the past, and the year when not this one. */
export function formatRemindTime(at: Date, now: Date, locale: string | undefined = browserLocale()): string {
  if (!isValid(at)) return '';
  if (!isValid(now)) return formatter(locale, 'year').format(at);
  const days = calendarDays(now, at);
  const shape = days >= 0 && days < 7 ? 'week' : at.getFullYear() === now.getFullYear() ? 'date' : 'year';
  return formatter(locale, shape).format(at);
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?$/;

/** A `datetime-local` value as the local instant it names; Invalid Date for anything else (empty, 31 February). */
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
  // From a noon no DST change touches; an impossible day rolls into the next month and is refused.
  const date = new Date(2000, 0, 1, 12);
  date.setFullYear(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return new Date(Number.NaN);
  }
  date.setHours(hour, minute, Number(match[6] ?? 0), Number((match[7] ?? '').padEnd(3, '0')));
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
