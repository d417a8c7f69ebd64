import type { FastifyRequest } from 'fastify';

/** Who made a write through the BFF: the signed-in teammate, as the write's consumers name them. */
export interface WriteActor {
  readonly username: string;
  readonly name: string;
  /** The upstream's id of the teammate (reports group by it). */
  readonly userId: string;
}

/** The teammate behind a request (null: no session, as in tests of the proxy alone). */
export const actorOf = (request: FastifyRequest): WriteActor | null =>
  request.bffUser
    ? {
        username: request.bffUser.username,
        name: request.bffUser.displayName,
        userId: request.bffUser.upstreamUserId,
      }
    : null;
