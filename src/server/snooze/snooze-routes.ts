import type { SNOOZE_ROUTES } from '../../contract/routes/snooze';
import type { FastifyReply } from 'fastify';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { SnoozeOutcome, SnoozeService } from './snooze-service';

// `PUT /bff/conversations/{id}/snooze` and `POST /bff/conversations/{id}/wake` (every role):
// session, role, rate limit, parsing and the 503 without the database or the live workspace are
// the BFF's (register-bff-routes.ts).

type SnoozeRouteId = (typeof SNOOZE_ROUTES)[number]['id'];

export function snoozeHandlers(deps: { readonly snoozes: SnoozeService }): BffHandlers<SnoozeRouteId> {
  const answer = (outcome: SnoozeOutcome, reply: FastifyReply) =>
    outcome.ok
      ? outcome.conversation
      : sendBffError(reply, outcome.status, outcome.status === 400 ? [outcome.message] : outcome.message);
  return {
    'snooze.set': async ({ user, params, body, reply }) =>
      answer(await deps.snoozes.snooze(user, params.id, new Date(body.until)), reply),
    'snooze.clear': async ({ params, reply }) => answer(await deps.snoozes.wake(params.id), reply),
  };
}
