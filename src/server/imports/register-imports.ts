import type { FastifyInstance } from 'fastify';
import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import type { JobControls } from '../jobs/job-controls';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import type { TeamStore } from '../store/open-store';
import type { LiveService } from '../sync/live-service';
import { ImportRepository } from './import-repository';
import { importHandlers } from './import-routes';
import { ImportRunner } from './import-runner';
import type { SliceJob } from './import-slices';

// CSV import's parts, wired: the jobs in the database, the runner that sends them upstream with
// the BFF's key (needs the workspace tables for duplicates) a slice at a time on the BFF's job
// queue, worked by every instance, and the routes' handlers (registered with the BFF's other
// routes; without the database, the live workspace or the job queue they answer 503). A slice
// left by an instance that stopped is run again by the queue; nothing here watches for it.

export interface ImportsDeps {
  readonly live: LiveService | null;
  readonly database: TeamStore | null;
  /** The BFF's job queue (in the same database): imports run on it. */
  readonly jobs: JobQueue | null;
  /** The jobs page's controls: a slice cancelled there cancels its import. */
  readonly controls?: JobControls | null;
  readonly clock: () => number;
  /** The runner's pace of upstream calls. */
  readonly importCallsPerSecond: number;
}

export function registerImports(app: FastifyInstance, deps: ImportsDeps): AnyBffHandlers {
  const { live, database, jobs, clock } = deps;
  // Without any of them the routes answer 503 (their `needs`: database, live, queue).
  if (!live || !database || !jobs) return {};
  const repository = new ImportRepository(database.db);
  const runner = new ImportRunner({
    repository,
    jobs,
    upstream: live.upstream,
    workspace: live.workspace,
    publish: (events) => live.publish(events.map((event) => ({ event }))),
    log: app.log,
    clock,
    callsPerSecond: deps.importCallsPerSecond,
  });
  deps.controls?.register(QUEUES.importRun, {
    cancel: async (data) => {
      const { importId } = data as Partial<SliceJob>;
      if (typeof importId !== 'string') return false;
      return repository.setState(importId, 'cancelled', new Date(clock()), {
        from: ['ready', 'running', 'paused'],
      });
    },
  });
  app.addHook('onReady', async () => runner.work());
  // Fastify runs onClose hooks last-added first: this one before the queue's stop (app.ts), so the
  // slices end after their row and queue their next before the queue stops fetching.
  app.addHook('onClose', async () => runner.close());
  return importHandlers({ repository, runner, workspace: live.workspace, clock });
}
