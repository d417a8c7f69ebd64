import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailableError } from '../store/store-errors';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { JobQueue, QueueJob, QueueName } from './job-queue';
import {
  PacedSender,
  RunPaused,
  RunStopped,
  SliceOver,
  type LostSends,
  type PacedSenderOptions,
} from './paced-sender';
import { nextSliceId, SLICE_EXPIRE_S, SLICE_LIMITS, type SliceLimits } from './slice-chain';

// What the runners of long runs (src/server/imports/import-runner.ts, src/server/bulk/bulk-runner.ts)
// do alike: a run is a chain of slices on the job queue (slice-chain.ts). Every instance works the
// queue, a few slices (of different runs) at once, so a slice whose instance died is found by the
// queue (its job expires) and runs again on another; nothing here keeps a claim alive. Only one
// slice of a run acts at a time (the others wait their turn or leave the run to a queued one:
// src/server/imports/import-slices.ts says why). A slice acts on the run's pending items in order
// for a while (SLICE_LIMITS), then queues the next (its id derived from the run and its own, so a
// slice run twice queues one next) and completes. What an item is, how it is acted on and how the
// run's state is kept are each runner's.

/** Slices (of different runs) one instance runs at once. */
const SLICES_AT_ONCE = 4;
/** Pending items read at a time. */
const BATCH = 200;
/** How soon a slice that finds another slice of its run acting looks again. */
const BUSY_WAIT_MS = 1_000;
/** How soon a slice that finds the workspace still loading, or its instance closing, hands on. */
export const LOAD_WAIT_MS = 1_000;

/** What a runner of long runs is given, besides what its items need. */
export interface SliceRunnerOptions {
  /** The run's state is read from it: only a `running` run acts. */
  readonly repository: { state(id: string): Promise<string | null | undefined> };
  /** The BFF's job queue: the slices run on it. */
  readonly jobs: JobQueue;
  readonly upstream: Pick<UpstreamClient, 'call'>;
  readonly log: FastifyBaseLogger;
  readonly clock: () => number;
  /** Upstream calls a second (IMPORT_CALLS_PER_SECOND, the budget of long runs); 0: unpaced (tests). */
  readonly callsPerSecond: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly retryDelaysMs?: readonly number[];
  /** Smaller slices (tests). */
  readonly slice?: Partial<SliceLimits>;
}

/** A slice's job: its run (under the runner's key: `importId`, `runId`) and its place in the chain. */
export type SliceData<K extends string> = { readonly [P in K]: string } & {
  /** 1 for the slice a start or a resume queues; the next counts on (for the log). */
  readonly slice: number;
};

/** How a slice walks its run's pending items (SliceRunner.walk). */
export interface ItemWalk<I> {
  /** Pending items after the place `after` (0: from the first), `limit` at most, in order. */
  readonly pending: (after: number, limit: number) => Promise<readonly I[]>;
  /** An item's place in its run (a row's number, an item's seq). */
  readonly placeOf: (item: I) => number;
  /** The run's state is re-read before every so many items. */
  readonly stateCheckEvery: number;
  /** Acts on one item and writes its outcome; throws what stops the run. */
  readonly act: (item: I) => Promise<void>;
}

/** How a walk ended, when the run goes on: how soon the next slice may run, and a create's lost sends. */
export interface WalkEnd {
  readonly inMs: number;
  readonly lost: LostSends | null;
}

/**
 * The reason a person reads for what stopped a run (`run`: "import", "bulk action"), and whether
 * it is a pause (the upstream or the database in the way: resume when it is back) rather than an
 * unexpected error.
 */
export function stopReason(
  error: unknown,
  run: string,
): { readonly paused: boolean; readonly reason: string } {
  if (error instanceof RunPaused) return { paused: true, reason: error.message };
  if (error instanceof DatabaseUnavailableError)
    return { paused: true, reason: 'The database could not be reached; resume when it is back.' };
  return { paused: false, reason: `The ${run} stopped on an unexpected error; resume to go on.` };
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

const GO_ON: WalkEnd = { inMs: 0, lost: null };

export abstract class SliceRunner<K extends string, J extends SliceData<K>, O extends SliceRunnerOptions> {
  /** The slices running on this instance, by run. */
  private readonly running = new Map<string, Set<Promise<void>>>();
  private closed = false;
  private readonly limits: SliceLimits;

  constructor(
    protected readonly opts: O,
    /** The queue the runner's slices run on, and the key of their data that names the run. */
    private readonly chain: { readonly queue: QueueName; readonly key: K },
  ) {
    this.limits = { ...SLICE_LIMITS, ...opts.slice };
  }

  /** Works the runner's queue on this instance (every instance does; each slice runs on one). */
  async work(): Promise<void> {
    await this.opts.jobs.work<J>(this.chain.queue, (job) => this.track(job), {
      batchSize: SLICES_AT_ONCE,
    });
  }

  /** Resolves when no slice of the run acts on this instance. */
  async settled(id: string): Promise<void> {
    for (let slices = this.running.get(id); slices; slices = this.running.get(id))
      await Promise.allSettled([...slices]);
  }

  /**
   * Ends this instance's slices after their current item (each queues the next, for another
   * instance), and hands on any slice the queue gives it meanwhile. Before the queue stops.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running.values()].flatMap((slices) => [...slices]));
  }

  /**
   * The slice's turn: no other slice of its run acts or waits in the queue. It reads the run, acts
   * on items (walk) and carries on; throws what stops the run.
   */
  protected abstract ownTurn(job: QueueJob<J>): Promise<void>;

  /** After a slice: the run done, left as it is, or its next slice queued (queueNext) to run in `inMs`. */
  protected abstract carryOn(job: QueueJob<J>, inMs: number): Promise<void>;

  /** Pauses or fails the run with a reason the person sees (stopReason); throws if even that fails. */
  protected abstract stopWith(runId: string, error: unknown): Promise<void>;

  /** Another slice of the run is acting: this one waits its turn (for the log). */
  protected waiting?(job: QueueJob<J>): void;

  private runOf(job: QueueJob<J>): string {
    return job.data[this.chain.key];
  }

  protected now(): Date {
    return new Date(this.opts.clock());
  }

  /** The run's other slices waiting or running in the queue. */
  private otherSlices(runId: string, exceptId: string) {
    return this.opts.jobs.unfinished<J>(this.chain.queue, { key: this.chain.key, value: runId }, exceptId);
  }

  private async track(job: QueueJob<J>): Promise<void> {
    const id = this.runOf(job);
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
   * One slice. What stops the run (an outage, the key refused, a plan limit, the database away, an
   * unexpected error) pauses or fails it with a reason the person sees and can resume from; it is
   * not thrown, since running the slice again would only meet it again. The queue retries only a
   * slice that could not even write the stop.
   */
  private async slice(job: QueueJob<J>): Promise<void> {
    try {
      await this.sliceOrStop(job);
    } catch (error) {
      await this.stopWith(this.runOf(job), error);
    }
  }

  private async sliceOrStop(job: QueueJob<J>): Promise<void> {
    // Closing: the slice is handed on, to run on an instance that stays.
    if (this.closed) return this.carryOn(job, LOAD_WAIT_MS);
    const others = await this.otherSlices(this.runOf(job), job.id);
    // A slice queued already (a resume's, or one queued by this slice's earlier run) goes on.
    if (others.some((s) => s.state !== 'active')) return;
    // Another is acting: this one waits its turn.
    if (others.length > 0) {
      this.waiting?.(job);
      return this.carryOn(job, BUSY_WAIT_MS);
    }
    await this.ownTurn(job);
  }

  /** The run's sender for a slice begun at `startedAt`: paced, and stopping with the slice's time or the run. */
  protected sender(
    runId: string,
    startedAt: number,
    more: Pick<PacedSenderOptions, 'words' | 'lostAnswer'>,
  ): PacedSender {
    const { repository, clock } = this.opts;
    return new PacedSender({
      upstream: this.opts.upstream,
      callsPerSecond: this.opts.callsPerSecond,
      clock,
      sleep: this.opts.sleep ?? realSleep,
      stillRunning: async () => !this.closed && (await repository.state(runId)) === 'running',
      until: startedAt + this.limits.hardMs,
      ...(this.opts.retryDelaysMs ? { retryDelaysMs: this.opts.retryDelaysMs } : {}),
      ...more,
    });
  }

  /**
   * Acts on the run's pending items in order until the slice's limits (it began at `startedAt`);
   * answers how soon the next slice may run. Throws what stops the run.
   */
  protected async walk<I>(runId: string, startedAt: number, walk: ItemWalk<I>): Promise<WalkEnd> {
    const { repository, clock } = this.opts;
    let acted = 0;
    let after = 0;
    let sinceCheck = 0;
    try {
      for (;;) {
        if (acted >= this.limits.rows) return GO_ON;
        const batch = await walk.pending(after, Math.min(BATCH, this.limits.rows - acted));
        // No item left: the run is done (carryOn completes it).
        if (batch.length === 0) return GO_ON;
        for (const item of batch) {
          if (this.closed || clock() - startedAt >= this.limits.ms) return GO_ON;
          if (++sinceCheck >= walk.stateCheckEvery) {
            sinceCheck = 0;
            if ((await repository.state(runId)) !== 'running') return GO_ON;
          }
          await walk.act(item);
          acted += 1;
          after = walk.placeOf(item);
        }
      }
    } catch (error) {
      // Paused or cancelled meanwhile (or this instance closing): carryOn reads which.
      if (error instanceof RunStopped) return GO_ON;
      // Out of time within an item (a long Retry-After, a lost answer's grace): the item goes on in
      // the next slice, queued for the wait's end.
      if (error instanceof SliceOver)
        return { inMs: Math.max(0, error.resumeAt - clock()), lost: error.lost };
      throw error;
    }
  }

  /** Queues the slice after `job` (`data`), unless another is queued already (which goes on). */
  protected async queueNext(job: QueueJob<J>, data: J, inMs: number): Promise<void> {
    const id = this.runOf(job);
    if ((await this.otherSlices(id, job.id)).some((s) => s.state !== 'active')) return;
    await this.queue(data, nextSliceId(id, job.id), inMs);
  }

  protected async queue(data: J, id: string | null, inMs: number): Promise<void> {
    await this.opts.jobs.schedule(this.chain.queue, data, {
      ...(id ? { id } : {}),
      // The queue's clock is the database's; the delay is the runner's (a test's clock may be fake).
      ...(inMs > 0 ? { startAfter: new Date(Date.now() + inMs) } : {}),
      expireInSeconds: SLICE_EXPIRE_S,
    });
  }
}
