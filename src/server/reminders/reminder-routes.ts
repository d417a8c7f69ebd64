import type { FastifyReply } from 'fastify';
import type { REMINDER_ROUTES } from '../../contract/routes/reminders';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { ReminderOutcome, ReminderService } from './reminder-service';

// `/bff/reminders` (every role; src/contract/routes/reminders.ts): session, role, rate limit,
// parsing and the 503 without the database or the live workspace are the BFF's
// (register-bff-routes.ts). Each person reaches only their own reminders: anyone else's is a 404.

type ReminderRouteId = (typeof REMINDER_ROUTES)[number]['id'];

export function reminderHandlers(deps: {
  readonly reminders: ReminderService;
}): BffHandlers<ReminderRouteId> {
  const answer = (outcome: ReminderOutcome, reply: FastifyReply) =>
    outcome.ok
      ? outcome.reminder
      : sendBffError(reply, outcome.status, outcome.status === 400 ? [outcome.message] : outcome.message);
  return {
    'reminders.list': async ({ user, query }) => ({
      reminders: await deps.reminders.list(user.username, query.state),
    }),
    'reminders.create': async ({ user, body, reply }) =>
      answer(await deps.reminders.create(user.username, body), reply),
    'reminders.update': async ({ user, params, body, reply }) =>
      answer(await deps.reminders.update(user.username, params.id, body), reply),
    'reminders.done': async ({ user, params, reply }) =>
      answer(await deps.reminders.close(user.username, params.id, 'done'), reply),
    'reminders.cancel': async ({ user, params, reply }) =>
      answer(await deps.reminders.close(user.username, params.id, 'cancelled'), reply),
  };
}
