import { Id } from '../common';
import {
  ScheduleBody,
  ScheduledList,
  ScheduledMessage,
  ScheduledMineQuery,
  ScheduleUpdate,
} from '../scheduled';
import { bffRoute } from './bff-define';

// Scheduled sends (src/contract/scheduled.ts): kept in the BFF's database and sent from its job
// queue. Every role may schedule (agents send); a thread's list holds what is still to go and what
// failed, so a person sees it and acts.

const WHAT = 'Scheduled sends are';
const NEEDS = ['database', 'live', 'queue'] as const;

export const SCHEDULED_ROUTES = [
  bffRoute({
    id: 'scheduled.list',
    method: 'GET',
    path: '/bff/conversations/{id}/scheduled',
    params: { id: Id },
    response: ScheduledList,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'scheduled.create',
    method: 'POST',
    path: '/bff/conversations/{id}/scheduled',
    params: { id: Id },
    body: ScheduleBody,
    response: ScheduledMessage,
    status: 201,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'scheduled.mine',
    method: 'GET',
    path: '/bff/scheduled',
    query: ScheduledMineQuery,
    response: ScheduledList,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'scheduled.update',
    method: 'PUT',
    path: '/bff/scheduled/{id}',
    params: { id: Id },
    body: ScheduleUpdate,
    response: ScheduledMessage,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'scheduled.cancel',
    method: 'POST',
    path: '/bff/scheduled/{id}/cancel',
    params: { id: Id },
    response: ScheduledMessage,
    needs: NEEDS,
    what: WHAT,
  }),
] as const;
