import type { AVAILABILITY_ROUTES } from '../../contract/routes/availability';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { AvailabilityService } from './availability-service';

// `/bff/availability` (every role; src/contract/routes/availability.ts): session, role, rate limit,
// parsing (a strict body: an unknown status, a username or any other field is a 400) and the 503
// without the database or the live workspace are the BFF's (register-bff-routes.ts). The body
// names no one: a person can only ever set their own status.

type AvailabilityRouteId = (typeof AVAILABILITY_ROUTES)[number]['id'];

export function availabilityHandlers(deps: {
  readonly availability: AvailabilityService;
}): BffHandlers<AvailabilityRouteId> {
  return {
    'availability.list': () => deps.availability.team(),
    'availability.set': ({ user, body }) => deps.availability.choose(user, body.status),
  };
}
