import { AssignmentOverview, AssignmentRuleBody, ChannelAssignment } from '../assignment';
import { Id } from '../common';
import { bffRoute } from './bff-define';

// Assignment rules (src/contract/assignment.ts): everyone signed in reads the rules and the
// waiting threads; only admins set a rule (roles.ts). Kept in the BFF's database; the rules act
// from the job queue.

const WHAT = 'Assignment rules are';

export const ASSIGNMENT_ROUTES = [
  bffRoute({
    id: 'assignment.list',
    method: 'GET',
    path: '/bff/assignment',
    response: AssignmentOverview,
    needs: ['database', 'live'],
    what: WHAT,
  }),
  bffRoute({
    id: 'assignment.set',
    method: 'PUT',
    path: '/bff/assignment/rules/{channelId}',
    params: { channelId: Id },
    body: AssignmentRuleBody,
    response: ChannelAssignment,
    needs: ['database', 'live', 'queue'],
    what: WHAT,
  }),
] as const;
