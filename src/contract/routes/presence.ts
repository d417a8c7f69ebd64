import { PresenceBody } from '../presence';
import { bffRoute } from './bff-define';
import { NoContent } from './define';

// Which thread a browser has open and whether its person is typing (src/contract/presence.ts):
// passed on to every browser on the live stream, never kept. Answers 204 with or without the live
// workspace (without it there is no one to tell).

export const PRESENCE_ROUTES = [
  bffRoute({
    id: 'presence.beat',
    method: 'POST',
    path: '/bff/presence',
    body: PresenceBody,
    response: NoContent,
    status: 204,
    what: 'Presence is',
  }),
] as const;
