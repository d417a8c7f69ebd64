import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Id, ReadBody, fieldErrors } from '../../contract';
import type { SessionManager } from '../auth/sessions';
import type { User, UserDirectory } from '../auth/users';
import { sendBffError, sendRetryLater } from '../bff-error';
import { DatabaseUnavailableError } from '../store/store-errors';
import type { ReadMarks } from './read-marks';

// The signed-in agent's unread: `GET /bff/unread` (counts per thread), `POST /bff/conversations/
// {id}/read` and `.../unread`. Every role has its own; the BFF's database keeps them (without one,
// 503 says unread is not kept). CSRF is checked for the POSTs by the app's onRequest hook.

export interface UnreadRouteDeps {
  readonly sessions: SessionManager;
  readonly users: UserDirectory;
  readonly cookieName: string;
  /** null: the BFF runs without its database or without the live workspace. */
  readonly marks: ReadMarks | null;
}

const DB_RETRY_MS = 5_000;

export function registerUnreadRoutes(app: FastifyInstance, deps: UnreadRouteDeps): void {
  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<User | null> => {
    reply.header('cache-control', 'no-store');
    const session = await deps.sessions.resolve(request.cookies[deps.cookieName]);
    const user = session ? deps.users.find(session.username) : undefined;
    if (!user) {
      sendBffError(reply, 401, 'Sign in required');
      return null;
    }
    request.bffUser = user;
    if (deps.marks === null) {
      sendBffError(reply, 503, 'Unread is not kept: the BFF runs without its database');
      return null;
    }
    return user;
  };
  /** A database that cannot serve is a 503 to try again, never a crash. */
  const answer = async (reply: FastifyReply, work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) {
        return sendRetryLater(
          reply,
          503,
          DB_RETRY_MS,
          'Unread is unavailable: the database cannot be reached',
        );
      }
      throw error;
    }
  };
  const conversationId = (request: FastifyRequest, reply: FastifyReply): string | null => {
    const id = (request.params as { id?: unknown }).id;
    if (!Id.safeParse(id).success) {
      sendBffError(reply, 400, ['id must be a UUID']);
      return null;
    }
    return id as string;
  };

  app.get('/bff/unread', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    return answer(reply, async () => reply.send(await deps.marks!.summary(user.username)));
  });

  app.post('/bff/conversations/:id/read', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const id = conversationId(request, reply);
    if (id === null) return reply;
    const body = ReadBody.safeParse(request.body ?? {});
    if (!body.success) return sendBffError(reply, 400, fieldErrors(body.error));
    return answer(reply, async () => {
      const upTo = body.data.upTo !== undefined ? Date.parse(body.data.upTo) : undefined;
      const mark = await deps.marks!.markRead(user.username, id, upTo);
      if (mark === null) return sendBffError(reply, 404, 'Not in this workspace');
      return reply.code(204).send();
    });
  });

  app.post('/bff/conversations/:id/unread', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const id = conversationId(request, reply);
    if (id === null) return reply;
    return answer(reply, async () => {
      const mark = await deps.marks!.markUnread(user.username, id);
      if (mark === null) return sendBffError(reply, 404, 'Not in this workspace');
      return reply.code(204).send();
    });
  });
}
