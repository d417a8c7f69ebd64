import { AvailabilityBody, TeamAvailability, TeammateAvailability } from '../availability';
import { bffRoute } from './bff-define';

// Availability (src/contract/availability.ts): everyone signed in reads the team's; each person
// sets only their own. Kept in the BFF's database; the open threads come from the workspace tables.

const WHAT = 'Availability is';
const NEEDS = ['database', 'live'] as const;

export const AVAILABILITY_ROUTES = [
  bffRoute({
    id: 'availability.list',
    method: 'GET',
    path: '/bff/availability',
    response: TeamAvailability,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'availability.set',
    method: 'PUT',
    path: '/bff/availability/me',
    body: AvailabilityBody,
    response: TeammateAvailability,
    needs: NEEDS,
    what: WHAT,
  }),
] as const;
