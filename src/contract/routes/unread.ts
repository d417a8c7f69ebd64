import { Id } from '../common';
import { ReadBody, UnreadSummary } from '../unread';
import { bffRoute } from './bff-define';
import { NoContent } from './define';

// The signed-in agent's unread (src/contract/unread.ts): counts per thread, and a thread marked
// read or unread. Kept per agent in the BFF's database, counted from the live workspace's tables.

const WHAT = 'Unread is';
const NEEDS = ['database', 'live'] as const;

export const UNREAD_ROUTES = [
  bffRoute({
    id: 'unread.summary',
    method: 'GET',
    path: '/bff/unread',
    response: UnreadSummary,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'unread.markRead',
    method: 'POST',
    path: '/bff/conversations/{id}/read',
    params: { id: Id },
    body: ReadBody,
    response: NoContent,
    status: 204,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'unread.markUnread',
    method: 'POST',
    path: '/bff/conversations/{id}/unread',
    params: { id: Id },
    response: NoContent,
    status: 204,
    needs: NEEDS,
    what: WHAT,
  }),
] as const;
