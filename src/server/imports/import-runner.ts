import type { LiveEvent } from '../../contract';
import type { ImportJob } from '../../contract/imports';
import { QUEUES, type QueueJob } from '../jobs/job-queue';
import { LOAD_WAIT_MS, SliceRunner, stopReason, type SliceRunnerOptions } from '../jobs/slice-runner';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { ImportRepository } from './import-repository';
import type { SliceJob } from './import-slices';
import { ImportPaused, RowRefused, type LostAnswerOptions, type PacedSender } from './paced-sender';
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
// of an import sends at a time (import-slices.ts). The slices' scaffolding, shared with bulk
// actions, is src/server/jobs/slice-runner.ts.

// How long a slice runs, and when the queue takes it as lost: shared with bulk actions.
export { SLICE_EXPIRE_S, SLICE_LIMITS, type SliceLimits } from '../jobs/slice-chain';

/** The job's state is re-read every so many rows, so a pause or cancel from another instance is seen. */
const STATE_CHECK_EVERY = 10;

export interface ImportRunnerOptions extends SliceRunnerOptions {
  readonly repository: ImportRepository;
  readonly workspace: WorkspaceReader;
  readonly publish: (events: LiveEvent[]) => Promise<void>;
  /** How a create answered after the upstream timeout is found before anything is sent again. */
  readonly lostAnswer?: LostAnswerOptions;
}

/** The sync has read this kind in full at least once (ws_meta's `loaded`), and the stages. */
export async function workspaceReady(workspace: WorkspaceReader, kind: ImportJob['kind']): Promise<boolean> {
  const [loaded, stages] = await Promise.all([workspace.meta<unknown>('loaded'), workspace.list('stages')]);
  return Array.isArray(loaded) && loaded.includes(kind) && stages !== null;
}

/** How a slice ended, when the import goes on: how soon the next may run, and a row handed on. */
interface SliceEnd {
  readonly inMs: number;
  readonly lost?: SliceJob['lost'];
}

export class ImportRunner extends SliceRunner<'importId', SliceJob, ImportRunnerOptions> {
  constructor(opts: ImportRunnerOptions) {
    super(opts, { queue: QUEUES.importRun, key: 'importId' });
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

  protected override waiting(job: QueueJob<SliceJob>): void {
    this.opts.log.debug(
      { importId: job.data.importId, slice: job.data.slice },
      'another slice of the import is running',
    );
  }

  protected override async ownTurn(job: QueueJob<SliceJob>): Promise<void> {
    const { importId: id } = job.data;
    const { repository, log } = this.opts;
    const imp = await repository.get(id);
    if (!imp || imp.state !== 'running') return;
    // Duplicates are found in the workspace tables: not before the sync has read them in full.
    if (!(await workspaceReady(this.opts.workspace, imp.kind))) return this.carryOn(job, LOAD_WAIT_MS);
    if (job.data.slice === 1)
      log.info({ importId: id, kind: imp.kind, pending: imp.counts.pending }, 'import running');
    const end = await this.sendRows(job, imp);
    await this.carryOn(job, end.inMs, end.lost);
  }

  /** Sends pending rows in order until the slice's limits; throws what pauses the import. */
  private async sendRows(job: QueueJob<SliceJob>, imp: ImportJob): Promise<SliceEnd> {
    const { repository } = this.opts;
    const { id } = imp;
    const startedAt = this.opts.clock();
    const sender = this.sender(id, startedAt, { lostAnswer: this.opts.lostAnswer });
    const rows = this.rowsFor(imp, sender);
    const { lost } = job.data;
    let current = 0;
    const end = await this.walk(id, startedAt, {
      pending: (after, limit) => repository.pendingRows(id, after, limit),
      placeOf: (row) => row.rowNumber,
      stateCheckEvery: STATE_CHECK_EVERY,
      act: async (row) => {
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
      },
    });
    // Out of time within a row: the row goes on in the next slice, with the lost sends of its create.
    return { inMs: end.inMs, ...(end.lost ? { lost: { ...end.lost, row: current } } : {}) };
  }

  /**
   * After a slice: an import no longer running is left as it is, one without pending rows is done,
   * and one with rows left gets its next slice (unless another is queued already, which goes on).
   */
  protected override async carryOn(
    job: QueueJob<SliceJob>,
    inMs: number,
    lost?: SliceJob['lost'],
  ): Promise<void> {
    const { repository, log } = this.opts;
    const id = job.data.importId;
    const imp = await repository.get(id);
    if (!imp || imp.state !== 'running') return;
    if (imp.counts.pending === 0) {
      if (await repository.completeIfDone(id, this.now())) log.info({ importId: id }, 'import done');
      return;
    }
    await this.queueNext(job, { importId: id, slice: job.data.slice + 1, ...(lost ? { lost } : {}) }, inMs);
  }

  /** Pauses the import with a reason the person sees; throws (the queue retries) if even that fails. */
  protected override async stopWith(id: string, error: unknown): Promise<void> {
    const { repository, log } = this.opts;
    const { reason } = stopReason(error, 'import');
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
