// Business time (issue 39.3): a workspace's opening hours in its own time zone, and the two sums an
// SLA needs over them: the instant a target falls due (addBusinessTime) and how much open time lies
// between two instants (businessTimeBetween). Shared by the BFF (due instants, the at-risk instant)
// and the browser (the time left a chip shows), so both count the same.
//
// No per-minute loop and no dependency: the walk goes day by day in the zone's calendar, each day's
// open intervals worked out once (as instants, from Intl) and cached per calendar; the zone's
// offsets are cached per quarter hour, so 10,000 rows' time left costs few Intl calls. A shift is
// [start, end) in minutes of the local day; an overnight shift is two shifts (22:00–24:00, then
// 00:00–06:00 the next day), which meet at midnight. Local times a DST change skips or repeats
// resolve as the zone's offset before the change says, so a shift still has the right length in
// real time (an hour shorter or longer on the change's day).

export const MINUTES_PER_DAY = 1440;
const DAY_MS = 86_400_000;
/** A walk stops after this many days without open time: such a calendar never opens. */
const MAX_CLOSED_DAYS = 400;
/** businessTimeBetween walks at most this many days and extrapolates the rest (a due far away). */
const MAX_WALK_DAYS = 800;

export interface Shift {
  /** Minutes of the local day, 0–1439. */
  readonly start: number;
  /** Minutes of the local day, after start, up to 1440 (midnight at its end). */
  readonly end: number;
}

export interface Holiday {
  /** The local date, YYYY-MM-DD. */
  readonly date: string;
  readonly name?: string | undefined;
}

export interface BusinessCalendar {
  /** An IANA time zone ("Europe/London"). */
  readonly timeZone: string;
  /** Shifts per weekday, Sunday first (7 lists). */
  readonly week: readonly (readonly Shift[])[];
  readonly holidays: readonly Holiday[];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, made once: Intl's constructor is the slow part. Throws on an unknown zone. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA zone. */
export function isTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's local wall time at an instant, as if it were UTC (ms), whole seconds, from Intl. */
function exactWall(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const date = new Date(0);
  date.setUTCFullYear(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1);
  date.setUTCHours(parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, 0);
  return date.getTime();
}

const exactOffset = (instant: number, timeZone: string): number => {
  const second = Math.floor(instant / 1000) * 1000;
  return exactWall(second, timeZone) - second;
};

/** Offsets are cached per quarter hour: Intl's formatToParts is the cost of every sum here. */
const QUARTER_MS = 900_000;
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant (ms; London in summer: +3,600,000). */
export function offsetAt(instant: number, timeZone: string): number {
  let cache = offsets.get(timeZone);
  if (!cache) offsets.set(timeZone, (cache = new Map()));
  const bucket = Math.floor(instant / QUARTER_MS);
  const held = cache.get(bucket);
  if (held !== undefined) return held;
  const first = exactOffset(bucket * QUARTER_MS, timeZone);
  // A quarter hour with a change inside it (rare: changes fall on quarter hours) is never cached.
  if (first !== exactOffset((bucket + 1) * QUARTER_MS - 1000, timeZone))
    return exactOffset(instant, timeZone);
  if (cache.size > 50_000) cache.clear();
  cache.set(bucket, first);
  return first;
}

/** The zone's local wall time at an instant, as if it were UTC (ms). */
const wallOf = (instant: number, timeZone: string): number => instant + offsetAt(instant, timeZone);

/** The instant of a local wall time (as if UTC, ms) in a zone; a skipped time uses the earlier offset. */
function instantOf(wall: number, timeZone: string): number {
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (second === first) return first;
  // On a change, the two guesses differ: take the one whose wall time reads back right, else the earlier offset's.
  return wallOf(second, timeZone) === wall ? second : Math.max(first, second);
}

/** The local calendar day (days since 1970-01-01) holding an instant. */
export const localDayOf = (instant: number, timeZone: string): number =>
  Math.floor(wallOf(instant, timeZone) / DAY_MS);

/** A YYYY-MM-DD date's day number, or null when it is no real date. */
export function dayOfDate(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d);
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d) return null;
  return Math.floor(at.getTime() / DAY_MS);
}

interface Prepared {
  readonly holidays: ReadonlySet<number>;
  /** Open intervals [from, to) per local day, as instants, worked out when first needed. */
  readonly days: Map<number, readonly (readonly [number, number])[]>;
}

const prepared = new WeakMap<BusinessCalendar, Prepared>();

function prepare(calendar: BusinessCalendar): Prepared {
  let ready = prepared.get(calendar);
  if (!ready) {
    const holidays = new Set<number>();
    for (const holiday of calendar.holidays) {
      const day = dayOfDate(holiday.date);
      if (day !== null) holidays.add(day);
    }
    ready = { holidays, days: new Map() };
    prepared.set(calendar, ready);
  }
  return ready;
}

/** A day's open intervals as instants, earliest first (none on a holiday). */
function openOn(calendar: BusinessCalendar, day: number): readonly (readonly [number, number])[] {
  const ready = prepare(calendar);
  const cached = ready.days.get(day);
  if (cached) return cached;
  // 1970-01-01 was a Thursday (weekday 4, Sunday first).
  const shifts = ready.holidays.has(day) ? [] : (calendar.week[(((day + 4) % 7) + 7) % 7] ?? []);
  const intervals = [...shifts]
    .sort((a, b) => a.start - b.start)
    .map((s) => {
      const from = instantOf(day * DAY_MS + s.start * 60_000, calendar.timeZone);
      const to = instantOf(day * DAY_MS + s.end * 60_000, calendar.timeZone);
      return [from, to] as const;
    })
    .filter(([from, to]) => to > from);
  // A bounded cache: a calendar walked over many years starts afresh rather than grow.
  if (ready.days.size > 4_000) ready.days.clear();
  ready.days.set(day, intervals);
  return intervals;
}

/**
 * The instant `ms` of open time after `start`: a target's due instant. Null when the calendar has
 * no open time within MAX_CLOSED_DAYS of where the walk stands (it never opens).
 */
export function addBusinessTime(start: number, ms: number, calendar: BusinessCalendar): number | null {
  let left = Math.max(0, ms);
  let closedDays = 0;
  for (let day = localDayOf(start, calendar.timeZone) - 1; closedDays <= MAX_CLOSED_DAYS; day += 1) {
    let open = false;
    for (const [from, to] of openOn(calendar, day)) {
      if (to <= start) continue;
      open = true;
      const begin = Math.max(from, start);
      if (left <= to - begin) return begin + left;
      left -= to - begin;
    }
    closedDays = open ? 0 : closedDays + 1;
  }
  return null;
}

/**
 * Open time between two instants (ms): negative when `to` is before `from` (how long past due, in
 * business time). Past MAX_WALK_DAYS the rest is reckoned at the share of open time walked so far.
 */
export function businessTimeBetween(from: number, to: number, calendar: BusinessCalendar): number {
  if (to < from) return -businessTimeBetween(to, from, calendar);
  const first = localDayOf(from, calendar.timeZone) - 1;
  const last = localDayOf(to, calendar.timeZone) + 1;
  const end = Math.min(last, first + MAX_WALK_DAYS);
  let sum = 0;
  for (let day = first; day <= end; day += 1)
    for (const [a, b] of openOn(calendar, day)) {
      const overlap = Math.min(b, to) - Math.max(a, from);
      if (overlap > 0) sum += overlap;
    }
  if (end === last) return sum;
  const walked = (end - first) * DAY_MS;
  return Math.round(sum + (sum / walked) * (to - from - walked));
}

/** A calendar open all week, all day (a policy that counts 24/7 uses the same sums). */
export const alwaysOpen = (timeZone = 'UTC'): BusinessCalendar => ({
  timeZone,
  week: Array.from({ length: 7 }, () => [{ start: 0, end: MINUTES_PER_DAY }]),
  holidays: [],
});

/** Where a day's shifts overlap (the index of the later one), or -1. */
export function overlappingShift(shifts: readonly Shift[]): number {
  const order = shifts.map((s, i) => ({ ...s, i })).sort((a, b) => a.start - b.start);
  for (let k = 1; k < order.length; k += 1) if (order[k]!.start < order[k - 1]!.end) return order[k]!.i;
  return -1;
}

/** "09:00" from minutes of the day (24:00 for the end of it). */
export const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Minutes of the day from "HH:MM" (24:00 allowed), or null. */
export function minutesOf(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= MINUTES_PER_DAY ? minutes : null;
}
