import type { ASSIGNMENT_ROUTES } from '../../contract/routes/assignment';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { AssignmentService } from './assignment-service';

// `/bff/assignment` (src/contract/routes/assignment.ts): session, role (setting a rule: admins),
// rate limit, parsing (a strict body: a cap of 0, an unknown field, a hostile string is a 400 on
// its field) and the 503 without the database, the live workspace or the queue are the BFF's
// (register-bff-routes.ts). What the schema cannot know (a teammate who left, a channel that does
// not exist) the service refuses, each on its field.

type AssignmentRouteId = (typeof ASSIGNMENT_ROUTES)[number]['id'];

export function assignmentHandlers(deps: {
  readonly assignment: AssignmentService;
}): BffHandlers<AssignmentRouteId> {
  return {
    'assignment.list': () => deps.assignment.overview(),
    'assignment.set': async ({ user, params, body, reply }) => {
      const outcome = await deps.assignment.save(user, params.channelId, body);
      return outcome.ok ? outcome.value : sendBffError(reply, outcome.status, outcome.message);
    },
  };
}
