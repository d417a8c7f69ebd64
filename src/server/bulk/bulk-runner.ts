import type { BulkRun, LiveEvent } from '../../contract';
import { QUEUES, type QueueJob } from '../jobs/job-queue';
import { RunPaused } from '../jobs/paced-sender';
import { LOAD_WAIT_MS, SliceRunner, stopReason, type SliceRunnerOptions } from '../jobs/slice-runner';
import type { SnoozeOutcome } from '../snooze/snooze-service';
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
// attempted but not finished is looked up before it is written again (bulk-actions.ts). The
// slices' scaffolding is src/server/jobs/slice-runner.ts.

export interface BulkSliceJob {
  readonly runId: string;
  /** 1 for the slice a start or a resume queues; the next counts on (for the log). */
  readonly slice: number;
}

/**
 * The run's state is re-read before every item, so a cancel from any instance stops it at once: one
 * indexed read beside an upstream call that costs far more.
 */
const STATE_CHECK_EVERY = 1;

export interface BulkRunnerOptions extends SliceRunnerOptions {
  readonly repository: BulkRepository;
  readonly workspace: WorkspaceReader;
  readonly publish: (events: LiveEvent[]) => Promise<void>;
  readonly progress: BulkProgress;
  /** Snoozes a thread for the run's starter (null: no snoozes kept). */
  readonly snooze: ((username: string, conversationId: string, until: Date) => Promise<SnoozeOutcome>) | null;
}

const ACTIVE: readonly BulkRun['state'][] = ['queued', 'running'];

export class BulkRunner extends SliceRunner<'runId', BulkSliceJob, BulkRunnerOptions> {
  constructor(opts: BulkRunnerOptions) {
    super(opts, { queue: QUEUES.bulkRun, key: 'runId' });
  }

  /** Queues the first slice of a queued run (a start or a resume). */
  async queueFirst(runId: string): Promise<void> {
    await this.queue({ runId, slice: 1 }, null, 0);
  }

  protected override async ownTurn(job: QueueJob<BulkSliceJob>): Promise<void> {
    const id = job.data.runId;
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
    const { repository } = this.opts;
    const { id } = run;
    const startedAt = this.opts.clock();
    const sender = this.sender(id, startedAt, { words: WORDS[run.target] });
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
    const end = await this.walk(id, startedAt, {
      pending: (after, limit) => repository.pending(id, after, limit),
      placeOf: (item) => item.seq,
      stateCheckEvery: STATE_CHECK_EVERY,
      act: async (item) => {
        // Marked before the write: a slice run again after this instance died looks it up first.
        if (!item.attempted) await repository.markAttempted(id, item.seq, this.now());
        const outcome = await actOn(spec, item, tools);
        await repository.finish(id, item.seq, outcome, this.now());
        await this.tell(id, false);
      },
    });
    return end.inMs;
  }

  /** After a slice: a run no longer active is left as it is, one without pending items is done, else the next slice. */
  protected override async carryOn(job: QueueJob<BulkSliceJob>, inMs: number): Promise<void> {
    const { repository, log } = this.opts;
    const id = job.data.runId;
    const state = await repository.state(id);
    if (state === null || !ACTIVE.includes(state)) return;
    if (state === 'running' && (await repository.completeIfDone(id, this.now()))) {
      log.info({ runId: id }, 'bulk action done');
      await this.tell(id, true);
      return;
    }
    await this.queueNext(job, { runId: id, slice: job.data.slice + 1 }, inMs);
  }

  /** Pauses (the upstream in the way) or fails (anything else) the run, with a reason to act on. */
  protected override async stopWith(id: string, error: unknown): Promise<void> {
    const { repository, log } = this.opts;
    const { paused, reason } = stopReason(error, 'bulk action');
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
