import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { User } from '../auth/users';
import type { EventBus } from '../events/bus';
import type { StreamHub } from '../events/stream-hub';
import type { JobQueue } from '../jobs/job-queue';
import type { Database } from '../store/schema';
import { AvailabilityRepository } from './availability-repository';
import { availabilityHandlers } from './availability-routes';
import { AvailabilityService } from './availability-service';

// The availability room as app.ts builds it: the service working its queue on this instance,
// following who holds live streams here (their first stream opening, their last closing) and
// touching them all in one statement every `touchEveryMs` (the streams' heartbeat), and the
// handlers of its routes. Needs the database and the live workspace (its hub and bus); without the
// job queue nobody is told of going Away, which the team page still shows.

export interface AvailabilityDeps {
  readonly db: Kysely<Database>;
  readonly hub: StreamHub;
  readonly bus: EventBus;
  readonly jobs: JobQueue | null;
  readonly users: readonly User[];
  readonly clock: () => number;
  readonly awayAfterMinutes: number;
  /** How often the people holding streams here are marked seen; well under a minute. */
  readonly touchEveryMs: number;
  readonly log: FastifyBaseLogger;
}

export async function startAvailability(deps: AvailabilityDeps): Promise<{
  readonly service: AvailabilityService;
  readonly handlers: ReturnType<typeof availabilityHandlers>;
  /** Stops following the streams (the app's close). */
  readonly stop: () => void;
}> {
  const service = new AvailabilityService({ ...deps, repository: new AvailabilityRepository(deps.db) });
  await service.start();
  // A failed write is logged and left: the next touch, or the next stream, sets it right.
  const logged = (what: string) => (error: unknown) =>
    deps.log.warn({ err: error }, `availability: ${what} failed`);
  const unwatch = deps.hub.watchHolders({
    arrived: (username) => void service.arrived(username).catch(logged('marking a tab open')),
    left: (username) => void service.left(username).catch(logged('marking the last tab closed')),
  });
  // The heartbeat also looks for people no instance touches any more (their instance died with
  // their streams): three missed touches, and their Away job is queued as a close would have.
  const timer = setInterval(() => {
    const holders = deps.hub.holders();
    if (holders.length > 0) void service.touch(holders).catch(logged('marking open tabs seen'));
    void service.queueLapsed(deps.touchEveryMs * 3).catch(logged('looking for lapsed tabs'));
  }, deps.touchEveryMs);
  timer.unref();
  return {
    service,
    handlers: availabilityHandlers({ availability: service }),
    stop: () => {
      clearInterval(timer);
      unwatch();
    },
  };
}
