import type { FastifyReply } from 'fastify';
import { sendRetryLater } from '../bff-error';
import { describeFailure, isUnavailable } from './store-errors';

// A route's work on the team's database: one that cannot serve is answered "try again" (503 +
// Retry-After), never a crash. The BFF's routes (register-bff-routes.ts) run every handler in it.

const DB_RETRY_MS = 5_000;

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
