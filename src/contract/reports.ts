import * as z from 'zod/mini';
import type { Role } from './bff';
import { DateTime } from './common';

// `GET /bff/reports/inbox`: response and resolution times, volumes by day, channel and agent, and
// the open threads waiting past a response-time target. Computed from the history the BFF has
// recorded since `since`; managers and admins read it.

export const canReadReports = (role: Role): boolean => role === 'manager' || role === 'admin';

/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 366;

const Day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'));

export const InboxReportQuery = z.strictObject({
  /** First day, inclusive (UTC). */
  from: Day,
  /** Last day, inclusive (UTC). */
  to: Day,
  channel: z.optional(z.guid()),
  /** Minutes an inbound message may wait for a reply before its thread counts as overdue. */
  target: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(7 * 24 * 60))),
});
export type InboxReportQuery = z.infer<typeof InboxReportQuery>;

const Durations = z.looseObject({
  count: z.int(),
  /** Seconds. */
  median: z.nullable(z.number()),
  p90: z.nullable(z.number()),
});

export const InboxReport = z.looseObject({
  /** When the BFF began recording history: nothing before it is counted. */
  since: z.nullable(DateTime),
  from: Day,
  to: Day,
  firstResponse: z.extend(Durations, { unanswered: z.int() }),
  resolution: Durations,
  byDay: z.array(z.looseObject({ day: Day, inbound: z.int(), outbound: z.int() })),
  byChannel: z.array(z.looseObject({ channel: z.string(), inbound: z.int(), outbound: z.int() })),
  byAgent: z.array(
    z.looseObject({
      agent: z.string(),
      threads: z.int(),
      replies: z.int(),
      medianFirstResponse: z.nullable(z.number()),
      resolved: z.int(),
    }),
  ),
  targetMinutes: z.int(),
  overdue: z.array(
    z.looseObject({
      conversationId: z.string(),
      name: z.string(),
      waitingSince: DateTime,
      agent: z.string(),
    }),
  ),
});
export type InboxReport = z.infer<typeof InboxReport>;
