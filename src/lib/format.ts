const locale = () => (typeof navigator === 'undefined' ? 'en' : navigator.language);

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
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (abs >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

/** The exact time, for a hover title. */
export function exactTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function clockTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

export function calendarDate(iso: string | null | undefined): string {
  if (!iso) return '';
  // A bare date (YYYY-MM-DD) is a calendar day, not an instant: format it without a time zone shift.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(date);
}

/** Money in the record's own currency. */
export function money(value: number | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  try {
    return new Intl.NumberFormat(locale(), {
      style: 'currency',
      currency: currency || 'USD',
      maximumFractionDigits: 0,
    }).format(value);
  } catch {
    return `${value.toLocaleString(locale())} ${currency ?? ''}`.trim();
  }
}

export function count(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}

export function initials(name: string | null | undefined): string {
  if (!name) return '?';
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() ||
    '?'
  );
}
