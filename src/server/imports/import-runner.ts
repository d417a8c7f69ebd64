import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../contract';
import type { ImportJob } from '../../contract/imports';
import { DatabaseUnavailableError } from '../store/store-errors';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { ImportRepository } from './import-repository';
import { ImportPaused, ImportStopped, PacedSender, RowRefused, type LostAnswerOptions } from './paced-sender';
import { CustomerRows, LeadRows, type RowResult } from './row-import';

// Runs import jobs in the BFF, where the key is: rows in file order, paced under the upstream's
// rate limits, each outcome written before the next row, so a stop (a pause, an outage, a crash)
// loses nothing and a resume goes on at the first row not done. A job is claimed with a heartbeat;
// when an instance dies mid-job, another instance (or this one, restarted) takes it over once the
// heartbeat is stale.

export interface ImportRunnerOptions {
  readonly repository: ImportRepository;
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
  /** A running job whose heartbeat is older is taken over. */
  readonly staleMs?: number;
}

const BATCH = 200;
const LOAD_WAIT_MS = 1_000;
const DEFAULT_STALE_MS = 60_000;
/** The job's state is re-read this often, so a pause or cancel from another instance is seen. */
const STATE_CHECK_EVERY = 10;

/** The sync has read this kind in full at least once (ws_meta's `loaded`), and the stages. */
export async function workspaceReady(workspace: WorkspaceReader, kind: ImportJob['kind']): Promise<boolean> {
  const [loaded, stages] = await Promise.all([workspace.meta<unknown>('loaded'), workspace.list('stages')]);
  return Array.isArray(loaded) && loaded.includes(kind) && stages !== null;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

export class ImportRunner {
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly opts: ImportRunnerOptions) {}

  private get staleMs() {
    return this.opts.staleMs ?? DEFAULT_STALE_MS;
  }

  /** Claims the job and runs it in the background; false when it cannot be claimed. */
  async start(id: string): Promise<boolean> {
    if (this.closed || this.running.has(id)) return false;
    const now = this.opts.clock();
    const claimed = await this.opts.repository.claim(id, new Date(now), new Date(now - this.staleMs));
    if (!claimed) return false;
    const run = this.run(id).finally(() => this.running.delete(id));
    this.running.set(id, run);
    return true;
  }

  /** Takes over running jobs whose runner stopped beating (after a crash or a restart). */
  async adoptOrphans(): Promise<void> {
    const now = this.opts.clock();
    for (const id of await this.opts.repository.orphans(new Date(now - this.staleMs))) await this.start(id);
  }

  /** Resolves when the job's current run (if any) has stopped. */
  async settled(id: string): Promise<void> {
    await this.running.get(id);
  }

  /** Stops every run after its current row; the jobs stay `running` for a later take-over. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.running.values());
  }

  private async run(id: string): Promise<void> {
    const { repository, log } = this.opts;
    const job = await repository.get(id);
    if (!job) return;
    const now = () => new Date(this.opts.clock());
    const sender = new PacedSender({
      upstream: this.opts.upstream,
      callsPerSecond: this.opts.callsPerSecond,
      clock: this.opts.clock,
      sleep: this.opts.sleep ?? realSleep,
      keepAlive: () => repository.heartbeat(id, now()),
      ...(this.opts.retryDelaysMs ? { retryDelaysMs: this.opts.retryDelaysMs } : {}),
      ...(this.opts.lostAnswer ? { lostAnswer: this.opts.lostAnswer } : {}),
    });
    // Duplicates are found in the workspace tables: wait until the sync has read them in full.
    while (!(await workspaceReady(this.opts.workspace, job.kind))) {
      if (this.closed) return;
      await (this.opts.sleep ?? realSleep)(LOAD_WAIT_MS);
      if (!(await repository.heartbeat(id, now()))) return;
    }
    const rows = this.rowsFor(job, sender);
    log.info({ importId: id, kind: job.kind, pending: job.counts.pending }, 'import running');
    try {
      let after = 0;
      let sinceCheck = 0;
      for (;;) {
        const batch = await repository.pendingRows(id, after, BATCH);
        if (batch.length === 0) break;
        for (const row of batch) {
          if (this.closed) return;
          if (++sinceCheck >= STATE_CHECK_EVERY) {
            sinceCheck = 0;
            if ((await repository.state(id)) !== 'running') return;
          }
          let result: RowResult;
          try {
            if (!row.attempted) await repository.markAttempted(id, row.rowNumber);
            result = await rows.import(row);
          } catch (error) {
            if (!(error instanceof RowRefused)) throw error;
            result = { outcome: 'refused', reason: error.message, recordId: null };
          }
          await repository.finishRow(id, row.rowNumber, result, now());
          after = row.rowNumber;
        }
      }
      if (await repository.completeIfDone(id, now())) log.info({ importId: id }, 'import done');
    } catch (error) {
      if (error instanceof ImportStopped) return;
      const reason =
        error instanceof ImportPaused
          ? error.message
          : error instanceof DatabaseUnavailableError
            ? 'The database could not be reached; resume when it is back.'
            : 'The import stopped on an unexpected error; resume to go on.';
      if (!(error instanceof ImportPaused)) log.error({ importId: id, err: error }, 'import stopped');
      await repository
        .setState(id, 'paused', now(), { from: ['running'], reason })
        .catch((e: unknown) => log.error({ importId: id, err: e }, 'import could not be marked paused'));
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
