import * as z from 'zod/mini';
import { DateTime, Id, once } from './common';
import { StorableDay, storableText } from './storable';
import {
  MINUTES_PER_DAY,
  alwaysOpen,
  businessTimeBetween,
  isTimeZone,
  overlappingShift,
  type BusinessCalendar,
} from './rules/business-time';

// Business hours and SLA policies (issue 39.3). One calendar for the workspace (its time zone,
// shifts per weekday, holidays) and, per channel, targets for the first response, the next response
// and the resolution, counted in those hours or around the clock. The BFF keeps them (migration
// 0029) and runs a clock per open thread and target (src/server/sla); screens carry each thread's
// running clock, and the browser shows its time left, amber once at risk, red once breached.

export const SLA_KINDS = ['first-response', 'next-response', 'resolution'] as const;
export const SlaKind = z.enum(SLA_KINDS);
export type SlaKind = z.infer<typeof SlaKind>;

export const SLA_KIND_LABELS: Readonly<Record<SlaKind, string>> = {
  'first-response': 'First response',
  'next-response': 'Next response',
  resolution: 'Resolution',
};

/** The longest target: a year, in minutes. */
export const MAX_TARGET_MINUTES = 525_600;
/** At most this many shifts a day and holidays a year's list. */
export const MAX_SHIFTS_PER_DAY = 6;
export const MAX_HOLIDAYS = 200;
/** At risk (amber) once less than this share of the target is left. */
export const AT_RISK_SHARE = 0.25;

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const Minute = z.int().check(z.minimum(0), z.maximum(MINUTES_PER_DAY));

export const ShiftSchema = z.lazy(() =>
  z
    .strictObject({ start: Minute, end: Minute })
    .check(z.refine((s) => s.end > s.start, { message: 'must end after it starts', path: ['end'] })),
);

const DayShifts = z.lazy(() =>
  z.array(ShiftSchema).check(
    z.maxLength(MAX_SHIFTS_PER_DAY),
    z.refine((shifts) => overlappingShift(shifts) === -1, 'has shifts that overlap'),
  ),
);

export const HolidaySchema = z.lazy(() =>
  z.strictObject({
    date: StorableDay,
    name: z.optional(z.string().check(storableText(), z.maxLength(100))),
  }),
);

export const TimeZone = z
  .string()
  .check(z.refine((zone) => isTimeZone(zone), 'is not a time zone this server knows (e.g. Europe/London)'));

export const BusinessHours = z.lazy(() =>
  z
    .strictObject({
      timeZone: TimeZone,
      /** Shifts per weekday, Sunday first. */
      week: z.array(DayShifts).check(z.length(7)),
      holidays: z.array(HolidaySchema).check(
        z.maxLength(MAX_HOLIDAYS),
        z.refine((list) => new Set(list.map((h) => h.date)).size === list.length, 'has a date twice'),
      ),
    })
    .check(
      z.refine((hours) => hours.week.some((day) => day.length > 0), {
        message: 'has no open time: add a shift to at least one day',
        path: ['week'],
      }),
    ),
);
export type BusinessHours = z.infer<typeof BusinessHours>;

const Target = z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(MAX_TARGET_MINUTES))));

/** One channel's targets, in minutes (null or absent: no target of that kind). */
export const SlaPolicy = z.lazy(() =>
  z.strictObject({
    channelId: Id,
    firstResponseMinutes: Target,
    nextResponseMinutes: Target,
    resolutionMinutes: Target,
    /** Count in the workspace's business hours (false: around the clock). */
    businessHours: z.boolean(),
  }),
);
export type SlaPolicy = z.infer<typeof SlaPolicy>;

/** `PUT /bff/sla` (admins): the calendar and every channel's policy, whole. */
export const SlaSettingsBody = z.lazy(() =>
  z.strictObject({
    hours: BusinessHours,
    policies: z.array(SlaPolicy).check(
      z.maxLength(500),
      z.refine((list) => new Set(list.map((p) => p.channelId)).size === list.length, 'has a channel twice'),
    ),
  }),
);
export type SlaSettingsBody = z.infer<typeof SlaSettingsBody>;

/** `GET /bff/sla`: the settings (defaults until an admin saves), for everyone. */
export const SlaSettings = z.lazy(() =>
  z.looseObject({
    hours: z.looseObject({
      timeZone: z.string(),
      week: z.array(z.array(z.looseObject({ start: z.int(), end: z.int() }))),
      holidays: z.array(z.looseObject({ date: z.string(), name: z.optional(z.string()) })),
    }),
    policies: z.array(
      z.looseObject({
        channelId: Id,
        firstResponseMinutes: z.optional(z.nullable(z.int())),
        nextResponseMinutes: z.optional(z.nullable(z.int())),
        resolutionMinutes: z.optional(z.nullable(z.int())),
        businessHours: z.boolean(),
      }),
    ),
    updatedAt: z.nullable(DateTime),
    updatedBy: z.nullable(z.string()),
  }),
);
export type SlaSettings = z.infer<typeof SlaSettings>;

/** Monday to Friday, 09:00–17:00 UTC: what holds until an admin saves. */
export const DEFAULT_BUSINESS_HOURS: BusinessCalendar = {
  timeZone: 'UTC',
  week: [0, 1, 1, 1, 1, 1, 0].map((open) => (open ? [{ start: 540, end: 1020 }] : [])),
  holidays: [],
};

/** A thread's running clock, as rows and the thread header show it. */
export const ThreadSla = once(() =>
  z.looseObject({
    kind: SlaKind,
    startedAt: DateTime,
    dueAt: DateTime,
    /** From when less than AT_RISK_SHARE of the target is left. */
    atRiskAt: DateTime,
    /** Counted in business hours (the browser counts time left in them too). */
    businessHours: z.boolean(),
    targetMinutes: z.int(),
  }),
);
export type ThreadSla = z.infer<ReturnType<typeof ThreadSla>>;

export const SLA_STATES = ['on-track', 'at-risk', 'breached'] as const;
export const SlaState = z.enum(SLA_STATES);
export type SlaState = z.infer<typeof SlaState>;

export const SLA_STATE_LABELS: Readonly<Record<SlaState, string>> = {
  'on-track': 'On track',
  'at-risk': 'At risk',
  breached: 'Breached',
};

/** Where a running clock stands at `now`: the same instants the inbox's filter compares. */
export function slaStateOf(sla: Pick<ThreadSla, 'dueAt' | 'atRiskAt'>, now: number): SlaState {
  if (now >= Date.parse(sla.dueAt)) return 'breached';
  return now >= Date.parse(sla.atRiskAt) ? 'at-risk' : 'on-track';
}

/** Time left (negative: overdue), in the hours the clock counts. */
export function slaTimeLeft(
  sla: Pick<ThreadSla, 'dueAt' | 'businessHours'>,
  now: number,
  hours: BusinessCalendar,
): number {
  const due = Date.parse(sla.dueAt);
  return businessTimeBetween(now, due, sla.businessHours ? hours : alwaysOpen());
}

/** "1h 20m", "3d 2h", "45m", "< 1m": a duration as a chip says it. */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return '< 1m';
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const hours = Math.floor((minutes % MINUTES_PER_DAY) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return rest > 0 ? `${hours}h ${rest}m` : `${hours}h`;
  return `${rest}m`;
}

/** `GET /bff/reports/sla` */
export const SlaReportQuery = z.lazy(() =>
  z.strictObject({
    from: StorableDay,
    to: StorableDay,
  }),
);
export type SlaReportQuery = z.infer<typeof SlaReportQuery>;

const MetRow = once(() =>
  z.looseObject({
    key: z.string(),
    label: z.string(),
    met: z.int(),
    breached: z.int(),
  }),
);

/** Clocks that ended (met) or broke (breached) in the range, by channel, owner and week. */
export const SlaReport = z.lazy(() =>
  z.looseObject({
    byChannel: z.array(MetRow()),
    byAgent: z.array(MetRow()),
    /** Weeks by their Monday (YYYY-MM-DD, UTC). */
    byWeek: z.array(MetRow()),
    breached: z.array(
      z.looseObject({
        conversationId: Id,
        kind: SlaKind,
        channelId: z.nullable(z.string()),
        owner: z.nullable(z.string()),
        dueAt: DateTime,
        breachedAt: DateTime,
      }),
    ),
  }),
);
export type SlaReport = z.infer<typeof SlaReport>;

/** % met of those that ended, or null when none did. */
export const metShare = (row: { met: number; breached: number }): number | null =>
  row.met + row.breached === 0 ? null : Math.round((row.met / (row.met + row.breached)) * 100);
