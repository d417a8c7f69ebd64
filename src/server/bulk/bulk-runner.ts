import type { FastifyBaseLogger } from 'fastify';
import type { BulkRun, LiveEvent } from '../../contract';
import { QUEUES, type JobQueue, type QueueJob } from '../jobs/job-queue';
import { PacedSender, RunPaused, RunStopped, SliceOver } from '../jobs/paced-sender';
import { nextSliceId, SLICE_EXPIRE_S, SLICE_LIMITS, type SliceLimits } from '../jobs/slice-chain';
import type { SnoozeOutcome } from '../snooze/snooze-service';
import { DatabaseUnavailableError } from '../store/store-errors';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { actOn, WORDS, type RunSpec } from './bulk-actions';
import type { BulkProgress } from './bulk-progress';
import type { BulkRepository } from './bulk-repository';

// Runs bulk actions in the BFF, as the CSV import runs (src/server/imports/import-runner.ts, whose
// pieces it shares from src/server/jobs): items in order, paced under the upstream's rate limits,
// each outcome written before the next item, a slice at a time on the job queue (QUEUES.bulkRun).
// A slice acts on items for a while (SLICE_LIMITS), then queues the next (its id derived from the
// run and its own, so a slice run twice queues one next) and completes. Every instance works the
// queue: a slice whose instance died expires and runs again on another, and only one slice of a
// run acts at a time (the others wait their turn or leave the run to a queued one). An item marked
// attempted but not finished is looked up before it is written again (bulk-actions.ts).

export interface BulkSliceJob {
  readonly runId: string;
  /** 1 for the slice a start or a resume queues; the next counts on (for the log). */
  readonly slice: number;
}

/** Slices (of different runs) one instance runs at once. */
const SLICES_AT_ONCE = 4;
/** Pending items read at a time. */
const BATCH = 200;
/** How soon a slice that finds another slice of its run acting looks again. */
const BUSY_WAIT_MS = 1_000;
/** How soon a slice that finds the workspace still loading, or its instance closing, hands on. */
const LOAD_WAIT_MS = 1_000;
/**
 * The run's state is re-read before every item, so a cancel from any instance stops it at once: one
 * indexed read beside an upstream call that costs far more.
 */
const STATE_CHECK_EVERY = 1;

export interface BulkRunnerOptions {
  readonly repository: BulkRepository;
  readonly jobs: JobQueue;
  readonly upstream: Pick<UpstreamClient, 'call'>;
  readonly workspace: WorkspaceReader;
  readonly publish: (events: LiveEvent[]) => Promise<void>;
  readonly progress: BulkProgress;
  /** Snoozes a thread for the run's starter (null: no snoozes kept). */
  readonly snooze: ((username: string, conversationId: string, until: Date) => Promise<SnoozeOutcome>) | null;
  readonly log: FastifyBaseLogger;
  readonly clock: () => number;
  /** Upstream calls a second (IMPORT_CALLS_PER_SECOND, the budget of long runs); 0: unpaced (tests). */
  readonly callsPerSecond: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly retryDelaysMs?: readonly number[];
  readonly slice?: Partial<SliceLimits>;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

const ACTIVE: readonly BulkRun['state'][] = ['queued', 'running'];

export class BulkRunner {
  private readonly running = new Map<string, Set<Promise<void>>>();
  private closed = false;
  private readonly limits: SliceLimits;

  constructor(private readonly opts: BulkRunnerOptions) {
    this.limits = { ...SLICE_LIMITS, ...opts.slice };
  }

  /** Works the bulk queue on this instance (every instance does; each slice runs on one). */
  async work(): Promise<void> {
    await this.opts.jobs.work<BulkSliceJob>(QUEUES.bulkRun, (job) => this.track(job), {
      batchSize: SLICES_AT_ONCE,
    });
  }

  /** Queues the first slice of a queued run (a start or a resume). */
  async queueFirst(runId: string): Promise<void> {
    await this.queue({ runId, slice: 1 }, null, 0);
  }

  /** Resolves when no slice of the run acts on this instance. */
  async settled(id: string): Promise<void> {
    for (let slices = this.running.get(id); slices; slices = this.running.get(id))
      await Promise.allSettled([...slices]);
  }

  /** Ends this instance's slices after their current item (each queues its next), before the queue stops. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running.values()].flatMap((slices) => [...slices]));
  }

  private now(): Date {
    return new Date(this.opts.clock());
  }

  private otherSlices(runId: string, exceptId: string) {
    return this.opts.jobs.unfinished<BulkSliceJob>(QUEUES.bulkRun, { key: 'runId', value: runId }, exceptId);
  }

  private async track(job: QueueJob<BulkSliceJob>): Promise<void> {
    const id = job.data.runId;
    const run = this.slice(job);
    let slices = this.running.get(id);
    if (!slices) this.running.set(id, (slices = new Set()));
    slices.add(run);
    try {
      await run;
    } finally {
      slices.delete(run);
      if (slices.size === 0 && this.running.get(id) === slices) this.running.delete(id);
    }
  }

  /**
   * One slice. What stops the run (an outage, the key refused, the database away, an unexpected
   * error) pauses or fails it with a reason the person sees and can resume from; it is not thrown,
   * since running the slice again would only meet it again.
   */
  private async slice(job: QueueJob<BulkSliceJob>): Promise<void> {
    try {
      await this.sliceOrStop(job);
    } catch (error) {
      await this.stopWith(job.data.runId, error);
    }
  }

  private async sliceOrStop(job: QueueJob<BulkSliceJob>): Promise<void> {
    const id = job.data.runId;
    if (this.closed) return this.carryOn(job, LOAD_WAIT_MS);
    const others = await this.otherSlices(id, job.id);
    // A slice queued already (a resume's, or one this slice's earlier run queued) goes on.
    if (others.some((s) => s.state !== 'active')) return;
    // Another is acting: this one waits its turn.
    if (others.length > 0) return this.carryOn(job, BUSY_WAIT_MS);
    const run = await this.opts.repository.get(id);
    if (!run || !ACTIVE.includes(run.state)) return;
    // Records are found in the workspace tables: not before the sync has read them in full.
    const loaded = await this.opts.workspace.meta<unknown>('loaded');
    if (!Array.isArray(loaded) || !loaded.includes(run.target)) return this.carryOn(job, LOAD_WAIT_MS);
    if (run.state === 'queued') {
      await this.opts.repository.setState(id, 'running', this.now(), { from: ['queued'] });
      await this.tell(id, true);
      this.opts.log.info({ runId: id, action: run.action, total: run.total }, 'bulk action running');
    }
    await this.carryOn(job, await this.act(run));
  }

  /** Acts on pending items in order until the slice's limits; answers how soon the next slice may run. */
  private async act(run: BulkRun): Promise<number> {
    const { repository, clock } = this.opts;
    const { id } = run;
    const startedAt = clock();
    const sender = new PacedSender({
      upstream: this.opts.upstream,
      callsPerSecond: this.opts.callsPerSecond,
      clock,
      sleep: this.opts.sleep ?? realSleep,
      stillRunning: async () => !this.closed && (await repository.state(id)) === 'running',
      until: startedAt + this.limits.hardMs,
      words: WORDS[run.target],
      ...(this.opts.retryDelaysMs ? { retryDelaysMs: this.opts.retryDelaysMs } : {}),
    });
    const { snooze } = this.opts;
    const tools = {
      sender,
      workspace: this.opts.workspace,
      publish: this.opts.publish,
      snooze: snooze
        ? (conversationId: string, until: Date) => snooze(run.startedBy, conversationId, until)
        : null,
    };
    const spec: RunSpec = { target: run.target, action: run.action, args: run.args };
    let acted = 0;
    let after = 0;
    let sinceCheck = 0;
    try {
      for (;;) {
        if (acted >= this.limits.rows) return 0;
        const batch = await repository.pending(id, after, Math.min(BATCH, this.limits.rows - acted));
        if (batch.length === 0) return 0;
        for (const item of batch) {
          if (this.closed || clock() - startedAt >= this.limits.ms) return 0;
          if (++sinceCheck >= STATE_CHECK_EVERY) {
            sinceCheck = 0;
            if ((await repository.state(id)) !== 'running') return 0;
          }
          // Marked before the write: a slice run again after this instance died looks it up first.
          if (!item.attempted) await repository.markAttempted(id, item.seq, this.now());
          const outcome = await actOn(spec, item, tools);
          await repository.finish(id, item.seq, outcome, this.now());
          acted += 1;
          after = item.seq;
          await this.tell(id, false);
        }
      }
    } catch (error) {
      // Cancelled or paused meanwhile (or this instance closing): carryOn reads which.
      if (error instanceof RunStopped) return 0;
      // Out of time within an item (a long Retry-After): it goes on in a slice queued for the wait's end.
      if (error instanceof SliceOver) return Math.max(0, error.resumeAt - clock());
      throw error;
    }
  }

  /** After a slice: a run no longer active is left as it is, one without pending items is done, else the next slice. */
  private async carryOn(job: QueueJob<BulkSliceJob>, inMs: number): Promise<void> {
    const { repository, log } = this.opts;
    const id = job.data.runId;
    const state = await repository.state(id);
    if (state === null || !ACTIVE.includes(state)) return;
    if (state === 'running' && (await repository.completeIfDone(id, this.now()))) {
      log.info({ runId: id }, 'bulk action done');
      await this.tell(id, true);
      return;
    }
    if ((await this.otherSlices(id, job.id)).some((s) => s.state !== 'active')) return;
    await this.queue({ runId: id, slice: job.data.slice + 1 }, nextSliceId(id, job.id), inMs);
  }

  private async queue(data: BulkSliceJob, id: string | null, inMs: number): Promise<void> {
    await this.opts.jobs.schedule(QUEUES.bulkRun, data, {
      ...(id ? { id } : {}),
      // The queue's clock is the database's; the delay is the runner's.
      ...(inMs > 0 ? { startAfter: new Date(Date.now() + inMs) } : {}),
      expireInSeconds: SLICE_EXPIRE_S,
    });
  }

  /** Pauses (the upstream in the way) or fails (anything else) the run, with a reason to act on. */
  private async stopWith(id: string, error: unknown): Promise<void> {
    const { repository, log } = this.opts;
    const paused = error instanceof RunPaused || error instanceof DatabaseUnavailableError;
    const reason =
      error instanceof RunPaused
        ? error.message
        : error instanceof DatabaseUnavailableError
          ? 'The database could not be reached; resume when it is back.'
          : 'The bulk action stopped on an unexpected error; resume to go on.';
    if (!(error instanceof RunPaused)) log.error({ runId: id, err: error }, 'bulk action stopped');
    try {
      await repository.setState(id, paused ? 'paused' : 'failed', this.now(), { from: ACTIVE, reason });
    } catch (e) {
      // Still running with nothing to stop it: the queue runs the slice again later.
      log.error({ runId: id, err: e }, 'bulk action could not be marked stopped');
      throw e;
    }
    await this.tell(id, true);
  }

  /** Progress to the starter's browsers; never what stops a run. */
  private async tell(id: string, now: boolean): Promise<void> {
    try {
      await (now ? this.opts.progress.now(id) : this.opts.progress.moved(id));
    } catch (error) {
      this.opts.log.warn({ runId: id, err: error }, 'bulk progress not told');
    }
  }
}
