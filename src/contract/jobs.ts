import * as z from 'zod/mini';
import { DateTime, Id } from './common';

// The BFF's background work as an admin sees it (`GET /bff/jobs`, issue 38): what waits, runs,
// failed or was done on the job queue, and a person's way to cancel what has not run or to run a
// failed job again. Each kind of job is cancelled through the feature it belongs to (a snooze
// wakes, an import is cancelled), so the feature's own state never points at a job that is gone.

/** The queue's states as pg-boss names them; `created` and `retry` wait, `active` runs. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

/** The kinds of background work, by queue name (src/server/jobs/job-queue.ts: QUEUES). */
export const JOB_KINDS = [
  'snooze-wake',
  'import-run',
  'scheduled-send',
  'reminder-due',
  'bulk-run',
  'availability-away',
  'sla-breach',
  'assignment-assign',
  'assignment-drain',
  'assignment-no-reply',
] as const;
export const JobKind = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof JobKind>;

/** What a job works on, when its data names it: a thread, an import, a lead, … */
export const JobSubject = z.looseObject({ kind: z.string(), id: z.string() });
export type JobSubject = z.infer<typeof JobSubject>;

export const JobSummary = z.lazy(() =>
  z.looseObject({
    id: Id,
    kind: JobKind,
    state: JobState,
    subject: z.nullable(JobSubject),
    /** When it runs (or ran, or runs again after a failure). */
    startAfter: DateTime,
    createdAt: DateTime,
    startedAt: z.nullable(DateTime),
    completedAt: z.nullable(DateTime),
    /** Attempts after the first that have failed so far, and how many it may make. */
    retryCount: z.int(),
    retryLimit: z.int(),
    /** The last failure's message, for a job that failed. */
    error: z.nullable(z.string()),
    /** Whether a person may cancel it now (not run yet, and its feature can take it back). */
    cancellable: z.boolean(),
  }),
);
export type JobSummary = z.infer<typeof JobSummary>;

export const JobList = z.lazy(() => z.looseObject({ data: z.array(JobSummary) }));
export type JobList = z.infer<typeof JobList>;

/** The jobs shown at most: the newest first; older finished ones are in no one's way. */
export const JOB_LIST_LIMIT = 200;

/** `GET /bff/jobs`: by kind and by state, both optional. */
export const JobsQuery = z.lazy(() =>
  z.strictObject({
    kind: z.optional(JobKind),
    state: z.optional(JobState),
  }),
);
export type JobsQuery = z.infer<typeof JobsQuery>;
