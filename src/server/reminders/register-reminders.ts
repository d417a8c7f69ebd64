import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { EventBus } from '../events/bus';
import { QUEUES, type JobQueue, type QueueName } from '../jobs/job-queue';
import type { Database } from '../store/schema';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { ReminderRepository } from './reminder-repository';
import { reminderHandlers } from './reminder-routes';
import { ReminderService } from './reminder-service';

// The reminders room as app.ts builds it: the service working its queue on this instance, and the
// handlers of its routes. Needs the database, the job queue and the live workspace (the bus tells
// the person; the workspace says whether the record exists).

export interface RemindersDeps {
  readonly db: Kysely<Database>;
  readonly workspace: WorkspaceReader;
  readonly jobs: JobQueue;
  readonly bus: EventBus;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  /** The jobs page's controls (src/server/jobs/job-controls.ts), when the app has them. */
  readonly controls?: {
    register(queue: QueueName, control: { cancel: (data: unknown) => Promise<boolean> }): void;
  } | null;
}

export type ReminderRouteHandlers = ReturnType<typeof reminderHandlers>;

export async function startReminders(
  deps: RemindersDeps,
): Promise<{ readonly service: ReminderService; readonly handlers: ReminderRouteHandlers }> {
  const repository = new ReminderRepository(deps.db);
  const service = new ReminderService({ ...deps, repository });
  await service.start();
  // Cancelling a reminder's job on the jobs page cancels the reminder, for its owner: the row is
  // never left pending with no job to fire it.
  deps.controls?.register(QUEUES.reminderDue, {
    cancel: async (data) => {
      const { reminderId } = data as { reminderId?: unknown };
      if (typeof reminderId !== 'string') return false;
      const row = await repository.byId(reminderId);
      if (!row) return false;
      const outcome = await service.close(row.username, reminderId, 'cancelled');
      return outcome.ok;
    },
  });
  return { service, handlers: reminderHandlers({ reminders: service }) };
}
