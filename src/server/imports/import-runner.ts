import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../contract';
import type { ImportJob } from '../../contract/imports';
import { QUEUES, type JobQueue, type QueueJob } from '../jobs/job-queue';
import { DatabaseUnavailableError } from '../store/store-errors';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { ImportRepository } from './import-repository';
import { nextSliceId, type SliceJob } from './import-slices';
import { SLICE_EXPIRE_S, SLICE_LIMITS, type SliceLimits } from '../jobs/slice-chain';
import {
  ImportPaused,
  ImportStopped,
  PacedSender,
  RowRefused,
  SliceOver,
  type LostAnswerOptions,
} from './paced-sender';
import { CustomerRows, LeadRows, type RowResult } from './row-import';

// Runs import jobs in the BFF, where the key is: rows in file order, paced under the upstream's
// rate limits, each outcome written before the next row, so a stop (a pause, an outage, a crash)
// loses nothing and a resume goes on at the first row not done.
//
// It runs on the BFF's job queue (QUEUES.importRun), one slice at a time: a slice sends the next
// rows for a while (SLICE_LIMITS), then queues the next slice and completes. Every instance works
// the queue, so a slice whose instance died is found by the queue (its job expires) and runs again
// on another; nothing here keeps a claim alive. A slice is safe to run again: the rows it finished
// are done (only pending rows are read), and a row it marked attempted but did not finish is looked
// up on the CRM before anything is sent for it (row-import.ts), never created twice. Only one slice
// of an import sends at a time (import-slices.ts).

// How long a slice runs, and when the queue takes it as lost: shared with bulk actions.
export { SLICE_EXPIRE_S, SLICE_LIMITS, type SliceLimits } from '../jobs/slice-chain';

/** Slices (of different imports) one instance runs at once. */
const SLICES_AT_ONCE = 4;
/** Pending rows read at a time. */
const BATCH = 200;
/** How soon a slice that finds the workspace still loading looks again. */
const LOAD_WAIT_MS = 1_000;
/** How soon a slice that finds another slice of its import running looks again. */
const BUSY_WAIT_MS = 1_000;
/** The job's state is re-read every so many rows, so a pause or cancel from another instance is seen. */
const STATE_CHECK_EVERY = 10;

export interface ImportRunnerOptions {
  readonly repository: ImportRepository;
  /** The BFF's job queue: the slices run on it. */
  readonly jobs: JobQueue;
  readonly upstream: Pick<UpstreamClient, 'call'>;
  readonly workspace: WorkspaceReader;
  readonly publish: (events: LiveEvent[]) => Promise<void>;
  readonly log: FastifyBaseLogger;
  readonly clock: () => number;
  /** Upstream calls a second for imports (IMPORT_CALLS_PER_SECOND); 0: unpaced (tests). */
  readonly callsPerSecond: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly retryDelaysMs?: readonly number[];
  /** How a create answered after the upstream timeout is found before anything is sent again. */
  readonly lostAnswer?: LostAnswerOptions;
  /** Smaller slices (tests). */
  readonly slice?: Partial<SliceLimits>;
}

/** The sync has read this kind in full at least once (ws_meta's `loaded`), and the stages. */
export async function workspaceReady(workspace: WorkspaceReader, kind: ImportJob['kind']): Promise<boolean> {
  const [loaded, stages] = await Promise.all([workspace.meta<unknown>('loaded'), workspace.list('stages')]);
  return Array.isArray(loaded) && loaded.includes(kind) && stages !== null;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** How a slice ended, when the import goes on: how soon the next may run, and a row handed on. */
interface SliceEnd {
  readonly inMs: number;
  readonly lost?: SliceJob['lost'];
}

export class ImportRunner {
  /** The slices running on this instance, by import. */
  private readonly running = new Map<string, Set<Promise<void>>>();
  private closed = false;
  private readonly limits: SliceLimits;

  constructor(private readonly opts: ImportRunnerOptions) {
    this.limits = { ...SLICE_LIMITS, ...opts.slice };
  }

  /** Works the import queue on this instance (every instance does; each slice runs on one). */
  async work(): Promise<void> {
    await this.opts.jobs.work<SliceJob>(QUEUES.importRun, (job) => this.track(job), {
      batchSize: SLICES_AT_ONCE,
    });
  }

  /** Sets a ready or paused import running and queues its first slice; false in any other state. */
  async start(id: string): Promise<boolean> {
    const { repository } = this.opts;
    if (!(await repository.begin(id, this.now()))) return false;
    try {
      await this.queue({ importId: id, slice: 1 }, null, 0);
    } catch (error) {
      // Never left running with nothing queued to run it.
      await repository
        .setState(id, 'paused', this.now(), {
          from: ['running'],
          reason: 'The import could not be started; start it again.',
        })
        .catch(() => undefined);
      throw error;
    }
    return true;
  }

  /** Resolves when no slice of the import runs on this instance. */
  async settled(id: string): Promise<void> {
    for (let slices = this.running.get(id); slices; slices = this.running.get(id))
      await Promise.allSettled([...slices]);
  }

  /**
   * Ends this instance's slices after their current row (each queues the next, for another
   * instance), and hands on any slice the queue gives it meanwhile. Before the queue stops.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.running.values()].flatMap((slices) => [...slices]));
  }

  /** The import's other slices waiting or running in the queue. */
  private otherSlices(importId: string, exceptId: string) {
    return this.opts.jobs.unfinished<SliceJob>(
      QUEUES.importRun,
      { key: 'importId', value: importId },
      exceptId,
    );
  }

  private now(): Date {
    return new Date(this.opts.clock());
  }

  private async track(job: QueueJob<SliceJob>): Promise<void> {
    const id = job.data.importId;
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
   * One slice. What stops the import (an outage, a plan limit, the database away, an unexpected
   * error) pauses it with a reason the person sees; it is not thrown, since running the slice again
   * would only meet it again. The queue retries only a slice that could not even write the pause.
   */
  private async slice(job: QueueJob<SliceJob>): Promise<void> {
    try {
      await this.sliceOrStop(job);
    } catch (error) {
      await this.pause(job.data.importId, error);
    }
  }

  private async sliceOrStop(job: QueueJob<SliceJob>): Promise<void> {
    const { importId: id } = job.data;
    const { repository, log } = this.opts;
    // Closing: the slice is handed on, to run on an instance that stays.
    if (this.closed) return this.carryOn(job, { inMs: LOAD_WAIT_MS });
    const others = await this.otherSlices(id, job.id);
    // A slice queued already (a resume's, or one queued by this slice's earlier run) goes on.
    if (others.some((s) => s.state !== 'active')) return;
    // Another is sending: this one waits its turn.
    if (others.length > 0) {
      log.debug({ importId: id, slice: job.data.slice }, 'another slice of the import is running');
      return this.carryOn(job, { inMs: BUSY_WAIT_MS });
    }
    const imp = await repository.get(id);
    if (!imp || imp.state !== 'running') return;
    // Duplicates are found in the workspace tables: not before the sync has read them in full.
    if (!(await workspaceReady(this.opts.workspace, imp.kind)))
      return this.carryOn(job, { inMs: LOAD_WAIT_MS });
    if (job.data.slice === 1)
      log.info({ importId: id, kind: imp.kind, pending: imp.counts.pending }, 'import running');
    await this.carryOn(job, await this.sendRows(job, imp));
  }

  /** Sends pending rows in order until the slice's limits; throws what pauses the import. */
  private async sendRows(job: QueueJob<SliceJob>, imp: ImportJob): Promise<SliceEnd> {
    const { repository, clock } = this.opts;
    const { id } = imp;
    const startedAt = clock();
    const sender = new PacedSender({
      upstream: this.opts.upstream,
      callsPerSecond: this.opts.callsPerSecond,
      clock,
      sleep: this.opts.sleep ?? realSleep,
      stillRunning: async () => !this.closed && (await repository.state(id)) === 'running',
      until: startedAt + this.limits.hardMs,
      ...(this.opts.retryDelaysMs ? { retryDelaysMs: this.opts.retryDelaysMs } : {}),
      ...(this.opts.lostAnswer ? { lostAnswer: this.opts.lostAnswer } : {}),
    });
    const rows = this.rowsFor(imp, sender);
    const { lost } = job.data;
    let sent = 0;
    let after = 0;
    let sinceCheck = 0;
    let current = 0;
    try {
      for (;;) {
        if (sent >= this.limits.rows) return { inMs: 0 };
        const batch = await repository.pendingRows(id, after, Math.min(BATCH, this.limits.rows - sent));
        // No row left: the import is done (carryOn completes it).
        if (batch.length === 0) return { inMs: 0 };
        for (const row of batch) {
          if (this.closed || clock() - startedAt >= this.limits.ms) return { inMs: 0 };
          if (++sinceCheck >= STATE_CHECK_EVERY) {
            sinceCheck = 0;
            if ((await repository.state(id)) !== 'running') return { inMs: 0 };
          }
          current = row.rowNumber;
          sender.resumeLost(lost?.row === row.rowNumber ? lost : null);
          let result: RowResult;
          try {
            if (!row.attempted) await repository.markAttempted(id, row.rowNumber);
            result = await rows.import(row);
          } catch (error) {
            if (!(error instanceof RowRefused)) throw error;
            result = { outcome: 'refused', reason: error.message, recordId: null };
          }
          await repository.finishRow(id, row.rowNumber, result, this.now());
          sent += 1;
          after = row.rowNumber;
        }
      }
    } catch (error) {
      // Paused or cancelled meanwhile (or this instance closing): carryOn reads which.
      if (error instanceof ImportStopped) return { inMs: 0 };
      // Out of time within a row: the row goes on in the next slice, when its wait is over.
      if (error instanceof SliceOver)
        return {
          inMs: Math.max(0, error.resumeAt - clock()),
          ...(error.lost ? { lost: { ...error.lost, row: current } } : {}),
        };
      throw error;
    }
  }

  /**
   * After a slice: an import no longer running is left as it is, one without pending rows is done,
   * and one with rows left gets its next slice (unless another is queued already, which goes on).
   */
  private async carryOn(job: QueueJob<SliceJob>, end: SliceEnd): Promise<void> {
    const { repository, log } = this.opts;
    const id = job.data.importId;
    const imp = await repository.get(id);
    if (!imp || imp.state !== 'running') return;
    if (imp.counts.pending === 0) {
      if (await repository.completeIfDone(id, this.now())) log.info({ importId: id }, 'import done');
      return;
    }
    if ((await this.otherSlices(id, job.id)).some((s) => s.state !== 'active')) return;
    await this.queue(
      { importId: id, slice: job.data.slice + 1, ...(end.lost ? { lost: end.lost } : {}) },
      nextSliceId(id, job.id),
      end.inMs,
    );
  }

  private async queue(data: SliceJob, id: string | null, inMs: number): Promise<void> {
    await this.opts.jobs.schedule(QUEUES.importRun, data, {
      ...(id ? { id } : {}),
      // The queue's clock is the database's; the delay is the runner's (a test's clock may be fake).
      ...(inMs > 0 ? { startAfter: new Date(Date.now() + inMs) } : {}),
      expireInSeconds: SLICE_EXPIRE_S,
    });
  }

  /** Pauses the import with a reason the person sees; throws (the queue retries) if even that fails. */
  private async pause(id: string, error: unknown): Promise<void> {
    const { repository, log } = this.opts;
    const reason =
      error instanceof ImportPaused
        ? error.message
        : error instanceof DatabaseUnavailableError
          ? 'The database could not be reached; resume when it is back.'
          : 'The import stopped on an unexpected error; resume to go on.';
    if (!(error instanceof ImportPaused)) log.error({ importId: id, err: error }, 'import stopped');
    try {
      await repository.setState(id, 'paused', this.now(), { from: ['running'], reason });
    } catch (e) {
      // Still running with nothing to pause it: the queue runs the slice again later.
      log.error({ importId: id, err: e }, 'import could not be marked paused');
      throw e;
    }
  }

  private rowsFor(job: ImportJob, sender: PacedSender): LeadRows | CustomerRows {
    const tools = {
      sender,
      workspace: this.opts.workspace,
      publish: this.opts.publish,
      policy: job.duplicates,
      since: job.createdAt,
    };
    return job.kind === 'leads' ? new LeadRows(tools) : new CustomerRows(tools);
  }
}
