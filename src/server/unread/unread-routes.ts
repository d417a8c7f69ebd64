import type { FastifyInstance } from 'fastify';
import { ReadBody, fieldErrors } from '../../contract';
import { sendBffError } from '../bff-error';
import { fromStore, ownDataUser, pathId, type OwnDataDeps } from '../store/own-data-routes';
import type { ReadMarks } from './read-marks';

// The signed-in agent's unread: `GET /bff/unread` (counts per thread), `POST /bff/conversations/
// {id}/read` and `.../unread`. Every role has its own; the BFF's database keeps them.

export interface UnreadRouteDeps extends OwnDataDeps {
  /** null: the BFF runs without its database or without the live workspace. */
  readonly marks: ReadMarks | null;
}

const WHAT = 'Unread is';

export function registerUnreadRoutes(app: FastifyInstance, deps: UnreadRouteDeps): void {
  const kept = { available: deps.marks !== null, what: WHAT };

  app.get('/bff/unread', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    return fromStore(reply, WHAT, async () => reply.send(await deps.marks!.summary(user.username)));
  });

  app.post('/bff/conversations/:id/read', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    const id = pathId(request, reply);
    if (id === null) return reply;
    const body = ReadBody.safeParse(request.body ?? {});
    if (!body.success) return sendBffError(reply, 400, fieldErrors(body.error));
    return fromStore(reply, WHAT, async () => {
      const upTo = body.data.upTo !== undefined ? Date.parse(body.data.upTo) : undefined;
      const mark = await deps.marks!.markRead(user.username, id, upTo);
      if (mark === null) return sendBffError(reply, 404, 'Not in this workspace');
      return reply.code(204).send();
    });
  });

  app.post('/bff/conversations/:id/unread', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    const id = pathId(request, reply);
    if (id === null) return reply;
    return fromStore(reply, WHAT, async () => {
      const mark = await deps.marks!.markUnread(user.username, id);
      if (mark === null) return sendBffError(reply, 404, 'Not in this workspace');
      return reply.code(204).send();
    });
  });
}
