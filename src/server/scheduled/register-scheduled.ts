import type { FastifyBaseLogger } from 'fastify';
import type { TeamStore } from '../store/open-store';
import { IdempotencyRepository } from '../idempotency/idempotency-repository';
import type { JobControls } from '../jobs/job-controls';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import { applyWrite } from '../sync/write-through';
import type { LiveService } from '../sync/live-service';
import { KeyedJobSend } from './keyed-job-send';
import { ScheduledRepository } from './scheduled-repository';
import { scheduledHandlers } from './scheduled-routes';
import { ScheduledService } from './scheduled-service';

// The scheduled-sends room, wired: it needs the team's database (the rows, the keys), the job
// queue and the live workspace (the thread, its window, the bus, the upstream client). Without
// them its routes answer 503 (their `needs`), so nothing is registered.

/** After a send without an answer, the upstream may still make it this long (as imports assume). */
const LOST_GRACE_MS = 60_000;

export interface ScheduledDeps {
  readonly database: TeamStore | undefined;
  readonly jobs: JobQueue | null;
  readonly live: LiveService | null;
  /** The jobs page's controls: cancelling a send job there cancels the scheduled message. */
  readonly controls?: JobControls | null;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

type ScheduledHandlers = ReturnType<typeof scheduledHandlers>;

/** Starts the room's job worker and answers its handlers, or {} when it lacks what it needs. */
export async function registerScheduled(
  deps: ScheduledDeps,
): Promise<ScheduledHandlers | Record<never, never>> {
  const { database, jobs, live, clock, log } = deps;
  if (!database || !jobs || !live) return {};
  const service = new ScheduledService({
    repository: new ScheduledRepository(database.db),
    workspace: live.workspace,
    jobs,
    bus: live.bus,
    sender: new KeyedJobSend({
      repository: new IdempotencyRepository(database.db),
      upstream: live.upstream,
      clock,
      log,
      lostGraceMs: LOST_GRACE_MS,
    }),
    publishSend: (write) =>
      applyWrite(write, { read: live.upstream, workspace: live.workspace, publish: live.publish, log }),
    clock,
    log,
  });
  await service.start();
  deps.controls?.register(QUEUES.scheduledSend, {
    cancel: async (data) => {
      const { scheduledId } = data as { scheduledId?: unknown };
      return typeof scheduledId === 'string' && (await service.cancel(scheduledId)).ok;
    },
  });
  return scheduledHandlers({ scheduled: service });
}
