import type { JobSubject, JobSummary } from '../../contract';
import type { QueueName, StoredJob } from './job-queue';

// What a person may do with a job on the jobs page, per kind of job: each feature that puts jobs
// on the queue says how one of its jobs is taken back. A job is never cancelled under its
// feature's feet: cancelling a snooze's wake job alone would leave the thread snoozed for ever, so
// "cancel" goes through the feature (the snooze ends, the import is cancelled), which cancels its
// job itself.

export interface JobKindControl {
  /**
   * Takes back the work this job would do, through its feature; false when the feature no longer
   * can (the import finished meanwhile). The feature cancels the job (or lets it find nothing to do).
   */
  readonly cancel: (data: unknown) => Promise<boolean>;
}

/** The keys of a job's data that name what it works on, with the words for that record. */
const SUBJECT_KEYS: readonly (readonly [key: string, kind: string])[] = [
  ['conversationId', 'conversation'],
  ['leadId', 'lead'],
  ['importId', 'import'],
  ['reminderId', 'reminder'],
  ['scheduledId', 'scheduled message'],
  ['runId', 'bulk action'],
];

export function subjectOf(data: unknown): JobSubject | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  for (const [key, kind] of SUBJECT_KEYS) {
    const id = record[key];
    if (typeof id === 'string' && id.length > 0) return { kind, id };
  }
  return null;
}

/** The last failure's words as pg-boss keeps them (`{ message }`), bounded for the page. */
export function errorOf(job: StoredJob): string | null {
  if (job.state !== 'failed' && job.state !== 'retry') return null;
  const output = job.output as { message?: unknown } | null;
  const message = typeof output?.message === 'string' ? output.message : null;
  return message === null ? null : message.slice(0, 500);
}

export class JobControls {
  private readonly byQueue = new Map<QueueName, JobKindControl>();

  /** Called by each feature that puts jobs on the queue (once, as the app is built). */
  register(queue: QueueName, control: JobKindControl): void {
    this.byQueue.set(queue, control);
  }

  of(queue: QueueName): JobKindControl | null {
    return this.byQueue.get(queue) ?? null;
  }

  summary(job: StoredJob): JobSummary {
    const waiting = job.state === 'created' || job.state === 'retry';
    return {
      id: job.id,
      kind: job.queue,
      state: job.state,
      subject: subjectOf(job.data),
      startAfter: job.startAfter.toISOString(),
      createdAt: job.createdOn.toISOString(),
      startedAt: job.startedOn?.toISOString() ?? null,
      completedAt: job.completedOn?.toISOString() ?? null,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      error: errorOf(job),
      cancellable: waiting && this.byQueue.has(job.queue),
    };
  }
}
