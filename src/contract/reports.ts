import * as z from 'zod/mini';
import { DateTime, once } from './common';
import { StorableDay } from './storable';

// `GET /bff/reports/inbox`: response and resolution times, volumes by day, channel and agent, and
// the open threads waiting past a response-time target. Computed from the history the BFF has
// recorded since `since`; managers and admins read it (`canReadReports` in roles.ts).

/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 366;

/** A calendar day, YYYY-MM-DD (UTC). */
export const ReportDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'));

export const InboxReportQuery = z.lazy(() =>
  z.strictObject({
    /** First day, inclusive (UTC). */
    from: StorableDay,
    /** Last day, inclusive (UTC). */
    to: StorableDay,
    channel: z.optional(z.guid()),
    /** Minutes an inbound message may wait for a reply before its thread counts as overdue. */
    target: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(7 * 24 * 60))),
  }),
);
export type InboxReportQuery = z.infer<typeof InboxReportQuery>;

const durations = once(() =>
  z.looseObject({
    count: z.int(),
    /** Seconds. */
    median: z.nullable(z.number()),
    p90: z.nullable(z.number()),
  }),
);

export const InboxReport = z.lazy(() =>
  z.looseObject({
    /** When the BFF began recording history: nothing before it is counted. */
    since: z.nullable(DateTime),
    from: ReportDay,
    to: ReportDay,
    firstResponse: z.extend(durations(), { unanswered: z.int() }),
    resolution: durations(),
    byDay: z.array(z.looseObject({ day: ReportDay, inbound: z.int(), outbound: z.int() })),
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
  }),
);
export type InboxReport = z.infer<typeof InboxReport>;

export const PipelineReportQuery = z.lazy(() => z.strictObject({ from: StorableDay, to: StorableDay }));
export type PipelineReportQuery = z.infer<typeof PipelineReportQuery>;

/** `GET /bff/reports/pipeline`: stage by stage, won and lost by week, and what is expected to close. */
export const PipelineReport = z.lazy(() =>
  z.looseObject({
    since: z.nullable(DateTime),
    from: ReportDay,
    to: ReportDay,
    /** Stages in board order, each with the leads that entered it and their median stay. */
    stages: z.array(
      z.looseObject({
        key: z.string(),
        name: z.string(),
        outcome: z.enum(['open', 'won', 'lost']),
        reached: z.int(),
        /** Of the leads that reached the previous open stage, the share that reached this one (0–1). */
        conversion: z.nullable(z.number()),
        left: z.int(),
        medianStay: z.nullable(z.number()),
        p90Stay: z.nullable(z.number()),
      }),
    ),
    won: z.int(),
    lost: z.int(),
    /** won / (won + lost); null when neither. */
    winRate: z.nullable(z.number()),
    weekly: z.array(
      z.looseObject({
        week: ReportDay,
        currency: z.nullable(z.string()),
        wonDeals: z.int(),
        wonValue: z.number(),
        lostDeals: z.int(),
        lostValue: z.number(),
      }),
    ),
    /** Open leads now, by the month they are expected to close and currency. */
    forecast: z.array(
      z.looseObject({
        month: z.nullable(z.string()),
        currency: z.nullable(z.string()),
        deals: z.int(),
        value: z.number(),
        weighted: z.number(),
      }),
    ),
  }),
);
export type PipelineReport = z.infer<typeof PipelineReport>;
