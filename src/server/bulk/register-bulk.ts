import type { FastifyInstance } from 'fastify';
import type { UserDirectory } from '../auth/users';
import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import type { JobControls } from '../jobs/job-controls';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import type { SnoozeService } from '../snooze/snooze-service';
import type { TeamStore } from '../store/open-store';
import type { LiveService } from '../sync/live-service';
import type { Person } from '../team';
import { BulkProgress } from './bulk-progress';
import { BulkRepository } from './bulk-repository';
import { bulkHandlers } from './bulk-routes';
import { BulkRunner, type BulkSliceJob } from './bulk-runner';
import { BulkService } from './bulk-service';

// Bulk actions' parts, wired as the CSV import's are (src/server/imports/register-imports.ts): the
// runs in the database, the runner working the bulk queue on every instance, progress told to the
// starter's browsers, and the routes' handlers (without the database, the live workspace or the
// job queue they answer 503). A slice left by an instance that stopped is run again by the queue.

export interface BulkDeps {
  readonly live: LiveService | null;
  readonly database: TeamStore | null;
  readonly jobs: JobQueue | null;
  /** The jobs page's controls: a slice cancelled there cancels its run. */
  readonly controls?: JobControls | null;
  /** Threads are snoozed through it (null: no snoozes kept, a snooze run is refused). */
  readonly snoozes: SnoozeService | null;
  readonly users: UserDirectory;
  /** The team's roster (TEAM_FILE): who threads and leads may be given to, with the users. */
  readonly members: readonly Person[];
  readonly clock: () => number;
  /** The pace of long runs' upstream calls (IMPORT_CALLS_PER_SECOND). */
  readonly callsPerSecond: number;
}

export function registerBulk(app: FastifyInstance, deps: BulkDeps): AnyBffHandlers {
  const { live, database, jobs, snoozes, clock } = deps;
  // Without any of them the routes answer 503 (their `needs`: database, live, queue).
  if (!live || !database || !jobs) return {};
  const repository = new BulkRepository(database.db);
  const progress = new BulkProgress({
    read: (id) => repository.get(id),
    tell: async (run) => {
      await live.bus.publish([{ event: { type: 'bulk.progress', run }, audience: [run.startedBy] }]);
    },
    clock,
  });
  const byName = new Map(deps.users.users.map((u) => [u.username, u]));
  const runner = new BulkRunner({
    repository,
    jobs,
    upstream: live.upstream,
    workspace: live.workspace,
    publish: (events) => live.publish(events.map((event) => ({ event }))),
    progress,
    snooze: snoozes
      ? async (username, conversationId, until) => {
          const user = byName.get(username);
          if (!user)
            return { ok: false, status: 409, message: 'Who started this bulk action can no longer sign in' };
          return snoozes.snooze(user, conversationId, until);
        }
      : null,
    log: app.log,
    clock,
    callsPerSecond: deps.callsPerSecond,
  });
  app.addHook('onReady', async () => runner.work());
  // Before the queue's stop (onClose hooks run last-added first): slices end after their item and
  // queue their next for another instance.
  app.addHook('onClose', async () => runner.close());
  const service = new BulkService({
    repository,
    runner,
    workspace: live.workspace,
    progress,
    assignable: new Set([...deps.users.users.map((u) => u.upstreamUserId), ...deps.members.map((m) => m.id)]),
    snoozesAt: snoozes ? () => new Date(clock()) : null,
    clock,
  });
  // A slice cancelled on the jobs page cancels its run, as the run's own Cancel does.
  deps.controls?.register(QUEUES.bulkRun, {
    cancel: async (data) => {
      const { runId } = data as Partial<BulkSliceJob>;
      if (typeof runId !== 'string') return false;
      return repository.setState(runId, 'cancelled', new Date(clock()), {
        from: ['queued', 'running', 'paused', 'failed'],
      });
    },
  });
  return bulkHandlers({ bulk: service });
}
