import { Id } from '../common';
import { Conversation } from '../conversations';
import { SnoozeBody } from '../snooze';
import { bffRoute } from './bff-define';

// Snoozing and waking a thread (src/contract/snooze.ts): the BFF keeps the snooze and wakes the
// thread from its job queue; both answer the thread as the BFF now shows it.

const WHAT = 'Snoozing is';
const NEEDS = ['database', 'live', 'queue'] as const;

export const SNOOZE_ROUTES = [
  bffRoute({
    id: 'snooze.set',
    method: 'PUT',
    path: '/bff/conversations/{id}/snooze',
    params: { id: Id },
    body: SnoozeBody,
    response: Conversation,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'snooze.clear',
    method: 'POST',
    path: '/bff/conversations/{id}/wake',
    params: { id: Id },
    response: Conversation,
    needs: NEEDS,
    what: WHAT,
  }),
] as const;
