import type { UNREAD_ROUTES } from '../../contract/routes';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { ReadMarks } from './read-marks';

// The signed-in agent's unread (src/contract/routes/unread.ts): `GET /bff/unread` (counts per
// thread), `POST /bff/conversations/{id}/read` and `.../unread`. Every role has its own; the BFF's
// database keeps them. Session, role, rate limit, parsing and the 503 without the database or the
// live workspace are the BFF's (register-bff-routes.ts).

export interface UnreadRouteDeps {
  readonly marks: ReadMarks;
}

type UnreadRouteId = (typeof UNREAD_ROUTES)[number]['id'];

export function unreadHandlers(deps: UnreadRouteDeps): BffHandlers<UnreadRouteId> {
  return {
    'unread.summary': ({ user }) => deps.marks.summary(user.username),

    'unread.markRead': async ({ user, params, body, reply }) => {
      const upTo = body.upTo !== undefined ? Date.parse(body.upTo) : undefined;
      const mark = await deps.marks.markRead(user.username, params.id, upTo);
      return mark === null ? sendBffError(reply, 404, 'Not in this workspace') : undefined;
    },

    'unread.markUnread': async ({ user, params, reply }) => {
      const mark = await deps.marks.markUnread(user.username, params.id);
      return mark === null ? sendBffError(reply, 404, 'Not in this workspace') : undefined;
    },
  };
}
