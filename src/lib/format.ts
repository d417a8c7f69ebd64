const locale = () => (typeof navigator === 'undefined' ? 'en' : navigator.language);

// Building an Intl formatter costs far more than formatting with one (a board re-rendering a
// hundred cards spent most of a drop building them), so each is built once per locale and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: (locale: string) => T,
): T {
  const id = `${locale()}|${key}`;
  let made = formatters.get(id) as T | undefined;
  if (made === undefined) {
    made = make(locale());
    formatters.set(id, made);
  }
  return made;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "5 min ago", "in 3 hours", "just now", in the user's locale. */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  const format = formatter(
    'relative',
    (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto', style: 'short' }),
  );
  for (const [unit, size] of UNITS) {
    if (abs >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** The exact time, for a hover title. */
export function exactTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return formatter(
    'exact',
    (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(new Date(iso));
}

export function clockTime(iso: string): string {
  return formatter('clock', (l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit' })).format(
    new Date(iso),
  );
}

export function calendarDate(iso: string | null | undefined): string {
  if (!iso) return '';
  // A bare date (YYYY-MM-DD) is a calendar day, not an instant: format it without a time zone shift.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return formatter('date', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' })).format(date);
}

/** Money in the record's own currency. */
export function money(value: number | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  try {
    const code = currency || 'USD';
    return formatter(
      `money|${code}`,
      (l) => new Intl.NumberFormat(l, { style: 'currency', currency: code, maximumFractionDigits: 0 }),
    ).format(value);
  } catch {
    return `${value.toLocaleString(locale())} ${currency ?? ''}`.trim();
  }
}

export function count(value: number): string {
  return formatter('count', (l) => new Intl.NumberFormat(l)).format(value);
}

/** "1 thread", "3 threads": a count with its noun in the right number (English nouns only). */
export function countOf(value: number, one: string, many = `${one}s`): string {
  return `${count(value)} ${value === 1 ? one : many}`;
}

export function initials(name: string | null | undefined): string {
  if (!name) return '?';
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() ||
    '?'
  );
}
