import type { FastifyReply, FastifyRequest } from 'fastify';
import { Id } from '../../contract';
import type { SessionManager } from '../auth/sessions';
import type { User, UserDirectory } from '../auth/users';
import { sendBffError, sendRetryLater } from '../bff-error';
import { describeFailure, isUnavailable } from './store-errors';

// What every route on the team's own data (unread, notes, mentions) does first and last: who is
// signed in, a 503 when the BFF runs without its database, a record id from the path checked, and a
// database that cannot serve answered "try again" (503 + Retry-After), never a crash. CSRF is
// checked for writes by the app's onRequest hook.

export interface OwnDataDeps {
  readonly sessions: SessionManager;
  readonly users: UserDirectory;
  readonly cookieName: string;
}

const DB_RETRY_MS = 5_000;

/** The signed-in user, or null once the answer (401, or 503 without a database) is sent. */
export async function ownDataUser(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: OwnDataDeps,
  kept: { readonly available: boolean; readonly what: string },
): Promise<User | null> {
  reply.header('cache-control', 'no-store');
  const session = await deps.sessions.resolve(request.cookies[deps.cookieName]);
  const user = session ? deps.users.find(session.username) : undefined;
  if (!user) {
    sendBffError(reply, 401, 'Sign in required');
    return null;
  }
  request.bffUser = user;
  if (!kept.available) {
    sendBffError(reply, 503, `${kept.what} not kept: the BFF runs without its database`);
    return null;
  }
  return user;
}

/** A UUID path parameter, or null once a 400 naming it is sent. */
export function pathId(request: FastifyRequest, reply: FastifyReply, name = 'id'): string | null {
  const value = (request.params as Record<string, unknown>)[name];
  if (!Id.safeParse(value).success) {
    sendBffError(reply, 400, [`${name} must be a UUID`]);
    return null;
  }
  return value as string;
}

/**
 * Runs a database read or write; a database that cannot serve is a 503 to try again. Judged here
 * as well as by the repositories' `guarded`, so that a repository that lets a driver's error through
 * (a refused connection, a closed PGlite) still gives a 503, never a 500.
 */
export async function fromStore(
  reply: FastifyReply,
  what: string,
  work: () => Promise<unknown>,
): Promise<unknown> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error)) {
      reply.log.warn({ reason: describeFailure(error) }, 'team database unavailable');
      return sendRetryLater(reply, 503, DB_RETRY_MS, `${what} unavailable: the database cannot be reached`);
    }
    throw error;
  }
}
