import type { FastifyReply } from 'fastify';
import type { SCHEDULED_ROUTES } from '../../contract/routes/scheduled';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { ScheduledOutcome, ScheduledService } from './scheduled-service';

// The scheduled-send routes (every role): session, role, rate limit, parsing and the 503 without the
// database or the live workspace are the BFF's (register-bff-routes.ts).
//   GET  /bff/conversations/{id}/scheduled   the thread's scheduled, sending and failed ones
//   POST /bff/conversations/{id}/scheduled   schedule a text or a template (201)
//   GET  /bff/scheduled?mine                 mine, in every thread
//   PUT  /bff/scheduled/{id}                 a new time, text or template (409 once it is going)
//   POST /bff/scheduled/{id}/cancel          cancel it, or delete a failed one

type ScheduledRouteId = (typeof SCHEDULED_ROUTES)[number]['id'];

export function scheduledHandlers(deps: {
  readonly scheduled: ScheduledService;
}): BffHandlers<ScheduledRouteId> {
  const answer = (outcome: ScheduledOutcome, reply: FastifyReply) =>
    outcome.ok ? outcome.scheduled : sendBffError(reply, outcome.status, outcome.message);
  return {
    'scheduled.list': ({ params }) => deps.scheduled.listOf(params.id),
    'scheduled.create': async ({ user, params, body, reply }) =>
      answer(await deps.scheduled.schedule(user, params.id, body), reply),
    'scheduled.mine': ({ user }) => deps.scheduled.mine(user.username),
    'scheduled.update': async ({ params, body, reply }) =>
      answer(await deps.scheduled.update(params.id, body), reply),
    'scheduled.cancel': async ({ params, reply }) => answer(await deps.scheduled.cancel(params.id), reply),
  };
}
