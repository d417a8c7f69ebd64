import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { User } from '../auth/users';
import type { EventBus } from '../events/bus';
import type { JobQueue } from '../jobs/job-queue';
import type { Database } from '../store/schema';
import type { ChangeSource } from '../sync/change-feed';
import type { Person } from '../team';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { SlaFollower } from './sla-follower';
import { SlaRepository } from './sla-repository';
import { slaHandlers } from './sla-routes';
import { SlaService } from './sla-service';

// The SLA room as app.ts builds it: settings read and saved in the database; with the live
// workspace, the clocks followed from its changes on the lease holder, and the breach jobs worked
// on every instance (each runs once). Without the live workspace only the settings are served.

export interface SlaDeps {
  readonly db: Kysely<Database>;
  readonly live: {
    readonly changes: ChangeSource;
    readonly bus: EventBus;
    readonly workspace: WorkspaceReader;
    readonly writes: () => boolean;
  } | null;
  readonly jobs: JobQueue | null;
  readonly users: readonly User[];
  readonly people: readonly Person[];
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export async function startSla(deps: SlaDeps): Promise<{
  readonly service: SlaService;
  readonly follower: SlaFollower | null;
  readonly handlers: ReturnType<typeof slaHandlers>;
  readonly stop: () => void;
}> {
  const repository = new SlaRepository(deps.db);
  const service = new SlaService({
    repository,
    db: deps.db,
    jobs: deps.jobs,
    bus: deps.live?.bus ?? null,
    users: deps.users,
    clock: deps.clock,
    log: deps.log,
  });
  await service.start();
  const follower = deps.live
    ? new SlaFollower({ changes: deps.live.changes, service, writes: deps.live.writes, log: deps.log })
    : null;
  return {
    service,
    follower,
    handlers: slaHandlers({
      service,
      repository,
      workspace: deps.live?.workspace ?? null,
      people: deps.people,
    }),
    stop: () => follower?.stop(),
  };
}
