import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { SCRIPT_MARK } from '../store/pglite-dialect';
import { storableText } from '../store/storable-text';
import type { JobKind, JobState } from '../../contract';

// Work that happens later or in the background (a snoozed thread waking, a scheduled send, a
// reminder, a bulk action, an import) runs on pg-boss, a PostgreSQL job queue, in the BFF's own
// database: the server's (DATABASE_URL) or the embedded PGlite, through the same Kysely connection
// the rest of the BFF uses (one session on PGlite: the dialect lends it to one caller at a time).
// Jobs survive restarts, are fetched with `for update skip locked` so each runs on one instance,
// come back after a crash when they expire, and retry with back-off.
//
// Why pg-boss and not graphile-worker: graphile-worker needs a pg Pool and LISTEN/NOTIFY, which the
// embedded PGlite does not give; pg-boss takes any `executeSql`. Version 10 because 11 and later
// need Node 22.

/** Every queue the BFF works, by what it does. */
export const QUEUES = {
  /** A snoozed thread comes back to Open (src/server/snooze). */
  snoozeWake: 'snooze-wake',
  /** A slice of a CSV import: its next rows sent upstream (src/server/imports/import-runner.ts). */
  importRun: 'import-run',
  /** A message the team scheduled goes out at its time (src/server/scheduled). */
  scheduledSend: 'scheduled-send',
  /** A reminder comes due for the person who set it (src/server/reminders). */
  reminderDue: 'reminder-due',
  /** A slice of a bulk action on threads or leads (src/server/bulk). */
  bulkRun: 'bulk-run',
  /** Tells browsers a person went Away once no tab of theirs was open for the idle time (src/server/availability). */
  availabilityAway: 'availability-away',
  /** An SLA target's due instant: the thread's clock is marked breached if still running (src/server/sla). */
  slaBreach: 'sla-breach',
  /** One thread handed out by its channel's assignment rule (src/server/assignment). */
  assignmentAssign: 'assignment-assign',
  /** A channel's waiting threads handed out, oldest first, once someone may take one (src/server/assignment). */
  assignmentDrain: 'assignment-drain',
  /** An automatic owner who has not replied in time: the thread moves on (src/server/assignment). */
  assignmentNoReply: 'assignment-no-reply',
} as const satisfies Record<string, JobKind>;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface QueueJob<D> {
  readonly id: string;
  readonly data: D;
}

export interface UnfinishedJob<D> {
  readonly id: string;
  /** `created` and `retry`: waiting to run (the latter after a failure); `active`: running. */
  readonly state: 'created' | 'retry' | 'active';
  readonly startAfter: Date;
  readonly data: D;
}

/** A job as a person reads it on the jobs page (src/contract/jobs.ts). */
export interface StoredJob {
  readonly id: string;
  readonly queue: QueueName;
  readonly state: JobState;
  readonly data: unknown;
  readonly startAfter: Date;
  readonly createdOn: Date;
  readonly startedOn: Date | null;
  readonly completedOn: Date | null;
  readonly retryCount: number;
  readonly retryLimit: number;
  /** What the last failure said (pg-boss keeps `{ message }` as the failed job's output). */
  readonly output: unknown;
}

export interface ScheduleOptions {
  /** Runs at this time (or at once when it has passed). */
  readonly startAfter?: Date;
  /** The job's id: a second send with the same id is a no-op (answers null). */
  readonly id?: string;
  /** Attempts after the first failure (with back-off); default 5. */
  readonly retryLimit?: number;
  /** A job still active this long after it started is taken as lost (its instance died) and runs again. */
  readonly expireInSeconds?: number;
}

export interface JobQueueOptions {
  readonly log: FastifyBaseLogger;
  /** How often an idle worker asks for due jobs; pg-boss's floor is half a second. */
  readonly pollingIntervalSeconds?: number;
  /** False: no maintenance (expiring, archiving); for installing the tables only. */
  readonly supervise?: boolean;
}

/** The schema pg-boss keeps its tables in. */
const SCHEMA = 'jobs';

const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_EXPIRE_S = 120;
const START_ATTEMPTS = 5;
/** The pause before another attempt to start, growing with each (and jittered). */
const START_PAUSE_MS = 100;

/** The queue over the BFF's database. `start` installs its tables (once, under pg-boss's own lock). */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly db: Kysely<unknown>;
  private readonly polling: number;
  private started = false;

  constructor(
    db: Kysely<unknown>,
    private readonly opts: JobQueueOptions,
  ) {
    this.db = db;
    this.polling = opts.pollingIntervalSeconds ?? 1;
    this.boss = new PgBoss({
      db: {
        // pg-boss sends its install and maintenance as scripts without parameters.
        executeSql: async (text: string, values: unknown[] | undefined) => {
          const params = values ?? [];
          if (params.length > 0)
            return { rows: (await db.executeQuery(CompiledQuery.raw(text, params))).rows };
          return db.connection().execute(async (connection) => {
            try {
              return { rows: (await connection.executeQuery(CompiledQuery.raw(SCRIPT_MARK + text))).rows };
            } catch (error) {
              // A script that opened a transaction and failed inside it (two instances installing
              // at once) leaves it open and aborted: closed here, before the session serves others.
              await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
              throw error;
            }
          });
        },
      },
      schema: SCHEMA,
      // No cron here; the clock monitor only serves cron.
      schedule: false,
      supervise: opts.supervise ?? true,
      maintenanceIntervalSeconds: 60,
      retryLimit: DEFAULT_RETRY_LIMIT,
      retryBackoff: true,
      retryDelay: 2,
      expireInSeconds: DEFAULT_EXPIRE_S,
      // Finished jobs are kept a week for "what happened" questions, then removed.
      deleteAfterDays: 7,
    });
    // pg-boss reports a failed poll or maintenance run as an 'error' event; without a listener
    // Node would end the process on it. It tries again on its next interval.
    this.boss.on('error', (error) => opts.log.warn({ err: error }, 'job queue error'));
  }

  /**
   * Installs (or upgrades) the queue's tables and its queues. Instances starting together race to
   * install: the loser's attempt fails on what the winner made (or as a deadlock's victim, while
   * both create queues), and its next one, after the winner had a moment to finish, finds it done.
   */
  async start(): Promise<void> {
    if (this.started) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.start();
        for (const name of Object.values(QUEUES))
          if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name);
        break;
      } catch (error) {
        if (attempt >= START_ATTEMPTS) throw error;
        this.opts.log.info({ err: error, attempt }, 'job queue start raced another instance; trying again');
        await this.boss.stop({ graceful: false, close: false, wait: true }).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, START_PAUSE_MS * attempt * (1 + Math.random())));
      }
    }
    this.started = true;
  }

  /** Adds a job; null when one with the same id exists already. */
  schedule<D extends object>(
    queue: QueueName,
    data: D,
    options: ScheduleOptions = {},
  ): Promise<string | null> {
    return this.boss.send(queue, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.id ? { id: options.id } : {}),
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      expireInSeconds: options.expireInSeconds ?? DEFAULT_EXPIRE_S,
    });
  }

  /** Adds many jobs in one statement (a bulk action's rows); ids given are kept, repeats skipped. */
  async scheduleMany<D extends object>(
    queue: QueueName,
    jobs: readonly { readonly data: D; readonly options?: ScheduleOptions }[],
  ): Promise<void> {
    await this.boss.insert(
      jobs.map(({ data, options = {} }) => ({
        name: queue,
        data,
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.id ? { id: options.id } : {}),
        retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
        expireInSeconds: options.expireInSeconds ?? DEFAULT_EXPIRE_S,
      })),
    );
  }

  /**
   * The queue's jobs still to run or running whose data has `key` = `value`, oldest first, but
   * `exceptId`: read from pg-boss's table, since its API finds jobs by id only. A job is `active`
   * from its fetch until its handler has returned.
   */
  async unfinished<D>(
    queue: QueueName,
    match: { readonly key: string; readonly value: string },
    exceptId: string | null,
  ): Promise<UnfinishedJob<D>[]> {
    const { rows } = await sql<{ id: string; state: UnfinishedJob<D>['state']; start_after: Date; data: D }>`
      select id::text as id, state::text as state, start_after, data
      from ${sql.table(`${SCHEMA}.job`)}
      where name = ${queue}
        and state in ('created', 'retry', 'active')
        and data->>${match.key} = ${match.value}
        and id::text <> ${exceptId ?? ''}
      order by created_on`.execute(this.db);
    return rows.map((r) => ({ id: r.id, state: r.state, startAfter: new Date(r.start_after), data: r.data }));
  }

  /** The newest jobs, by queue and state when given (the jobs page). */
  async list(filter: { queue?: QueueName; state?: JobState }, limit: number): Promise<StoredJob[]> {
    const { rows } = await sql<JobRow>`
      select ${JOB_COLUMNS} from ${sql.table(`${SCHEMA}.job`)}
      where name in (${sql.join(filter.queue ? [filter.queue] : Object.values(QUEUES))})
        ${filter.state ? sql`and state::text = ${filter.state}` : sql``}
      order by created_on desc, id
      limit ${limit}`.execute(this.db);
    return rows.map(storedJob);
  }

  /** One job with its data, or null. */
  async find(queue: QueueName, id: string): Promise<StoredJob | null> {
    const { rows } = await sql<JobRow>`
      select ${JOB_COLUMNS} from ${sql.table(`${SCHEMA}.job`)}
      where name = ${queue} and id = ${id}::uuid`.execute(this.db);
    return rows[0] ? storedJob(rows[0]) : null;
  }

  /** Runs a failed (or cancelled) job again as soon as a worker is free. */
  async retry(queue: QueueName, id: string): Promise<void> {
    await this.boss.retry(queue, id);
  }

  /** Cancels a job that has not run yet (a job already done or gone is left alone). */
  async cancel(queue: QueueName, id: string): Promise<void> {
    await this.boss.cancel(queue, id);
  }

  /** The job as the queue holds it, or null. */
  async get(queue: QueueName, id: string): Promise<{ state: string; startAfter: Date } | null> {
    const job = await this.boss.getJobById(queue, id);
    return job ? { state: job.state, startAfter: job.startAfter } : null;
  }

  /**
   * Runs `handler` for each due job of `queue` on this instance, `batchSize` at a time. A handler
   * that throws fails the job, which is retried with back-off up to its limit.
   */
  async work<D extends object>(
    queue: QueueName,
    handler: (job: QueueJob<D>) => Promise<void>,
    options: { batchSize?: number } = {},
  ): Promise<void> {
    await this.boss.work<D>(
      queue,
      { pollingIntervalSeconds: this.polling, batchSize: options.batchSize ?? 20 },
      async (jobs) => {
        // One job's failure fails only that job: each settles on its own.
        const results = await Promise.allSettled(jobs.map((job) => handler({ id: job.id, data: job.data })));
        const failed = results.flatMap((r, i) =>
          r.status === 'rejected' ? [{ job: jobs[i]!, error: r.reason as unknown }] : [],
        );
        for (const { job, error } of failed) {
          this.opts.log.warn({ queue, jobId: job.id, err: error }, 'job failed; it will be retried');
          // Kept as jsonb, which holds no U+0000 or lone surrogate: one odd message (an upstream's
          // echo of a hostile value) must not leave the job failing to fail until it expires.
          const message = storableText(error instanceof Error ? error.message : String(error));
          await this.boss.fail(queue, job.id, { message: message.slice(0, 2_000) });
        }
        const done = jobs.filter((_, i) => results[i]!.status === 'fulfilled').map((j) => j.id);
        if (done.length > 0) await this.boss.complete(queue, done);
      },
    );
  }

  /** Stops fetching, lets running handlers finish (up to `timeoutMs`), then lets go of the database. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}

interface JobRow {
  id: string;
  name: QueueName;
  state: JobState;
  data: unknown;
  start_after: Date | string;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  retry_count: number;
  retry_limit: number;
  output: unknown;
}

const JOB_COLUMNS = sql.raw(
  'id::text as id, name, state::text as state, data, start_after, created_on, started_on, completed_on, retry_count, retry_limit, output',
);

const dateOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function storedJob(row: JobRow): StoredJob {
  return {
    id: row.id,
    queue: row.name,
    state: row.state,
    data: row.data,
    startAfter: dateOf(row.start_after),
    createdOn: dateOf(row.created_on),
    startedOn: row.started_on === null ? null : dateOf(row.started_on),
    completedOn: row.completed_on === null ? null : dateOf(row.completed_on),
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    output: row.output,
  };
}

/**
 * Installs or upgrades the queue's tables and queues (openStore, after the migrations): the BFF's
 * start then only checks them, and a test's in-memory store copies them from its template.
 */
export async function installJobQueue(db: Kysely<unknown>, log: FastifyBaseLogger): Promise<void> {
  const queue = new JobQueue(db, { log, supervise: false });
  await queue.start();
  await queue.stop();
}
