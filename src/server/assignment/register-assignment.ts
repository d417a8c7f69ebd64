import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTOMATIC_ACTIONS } from '../../contract/audit';
import type { Conversation } from '../../contract/conversations';
import type { LiveEvent } from '../../contract/events';
import type { AuditLog } from '../audit/audit-log';
import type { User } from '../auth/users';
import { AvailabilityRepository } from '../availability/availability-repository';
import type { JobQueue } from '../jobs/job-queue';
import type { Database } from '../store/schema';
import type { ChangeSource } from '../sync/change-feed';
import type { UpstreamClient } from '../upstream/upstream-client';
import { UpstreamError } from '../upstream/upstream-error';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { AssignmentRepository } from './assignment-repository';
import { assignmentHandlers } from './assignment-routes';
import { AssignmentRunner, type AssignmentUpstream } from './assignment-runner';
import { AssignmentService } from './assignment-service';

// The assignment room as app.ts builds it: the runner working its three queues on this instance,
// the service following the change feed (every instance sees every committed change; the jobs'
// derived ids make each decision once), and the handlers of its routes. Needs the database, the
// live workspace and the job queue.

export interface AssignmentDeps {
  readonly db: Kysely<Database>;
  readonly jobs: JobQueue;
  readonly workspace: WorkspaceReader;
  readonly changes: ChangeSource;
  /** The BFF's own calls to the upstream. */
  readonly upstream: UpstreamClient;
  readonly publish: (events: LiveEvent[]) => Promise<void>;
  readonly audit: Pick<AuditLog, 'recordAutomatic'>;
  readonly users: readonly User[];
  readonly awayAfterMinutes: number;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export async function startAssignment(deps: AssignmentDeps): Promise<{
  readonly service: AssignmentService;
  readonly runner: AssignmentRunner;
  readonly handlers: ReturnType<typeof assignmentHandlers>;
  /** Stops following the changes (the app's close). */
  readonly stop: () => void;
}> {
  const repository = new AssignmentRepository(deps.db);
  const channels = async () => deps.workspace.list('channels');
  const runner = new AssignmentRunner({
    ...deps,
    upstream: upstreamPort(deps.upstream),
    audit: ({ conversationId, summary }) =>
      deps.audit.recordAutomatic(AUTOMATIC_ACTIONS.assignment, { id: conversationId }, summary),
    repository,
    availability: new AvailabilityRepository(deps.db),
    channelName: async (id) => (await channels())?.find((c) => c.id === id)?.name ?? 'channel',
    threadName: async (thread) => (await deps.workspace.threadNames([thread])).get(thread.id) ?? 'Thread',
  });
  await runner.start();
  const service = new AssignmentService({
    repository,
    runner,
    users: deps.users,
    channels,
    threadNames: (threads) => deps.workspace.threadNames(threads),
    clock: deps.clock,
  });
  // A failed queuing is logged and left: the next change of the thread, or a drain, sets it right.
  const logged = (error: unknown) => deps.log.warn({ err: error }, 'assignment: following a change failed');
  const unsubscribe = deps.changes.subscribe(({ event }) => service.onChange(event, logged));
  return { service, runner, handlers: assignmentHandlers({ assignment: service }), stop: unsubscribe };
}

/** The two upstream calls the runner makes: give a thread to someone (or no one), read it back (404: gone). */
export const upstreamPort = (client: UpstreamClient): AssignmentUpstream => ({
  assign: (id, userId) => client.call('conversations.assignOwner', { params: { id }, body: { userId } }),
  read: async (id): Promise<Conversation | undefined> => {
    try {
      return await client.call('conversations.get', { params: { id } });
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return undefined;
      throw error;
    }
  },
});
