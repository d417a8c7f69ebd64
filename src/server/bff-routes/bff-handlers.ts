import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BffBodyOf, BffParamsOf, BffQueryOf, BffResponseOf, BffRouteId } from '../../contract/routes';
import type { User } from '../auth/users';

// What a room of the BFF gives for each of its routes (src/contract/routes/bff-table.ts): a handler
// that receives the call already checked (session, role, rate limit), parsed by the route's
// schemas, and with what the route needs present.

export interface BffCall<R extends BffRouteId> {
  readonly user: User;
  readonly params: BffParamsOf<R>;
  /** The parsed query ({} for a route without one). */
  readonly query: BffQueryOf<R>;
  /** The parsed body (undefined for a route without one). */
  readonly body: BffBodyOf<R>;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/**
 * The answer, sent as JSON with the route's status (and `cache-control: no-store`); or the reply,
 * once the handler has sent another (a 404, a file).
 */
export type BffHandler<R extends BffRouteId> = (
  call: BffCall<R>,
) => BffResponseOf<R> | FastifyReply | Promise<BffResponseOf<R> | FastifyReply>;

/** A room's handlers, by route id. */
export type BffHandlers<I extends BffRouteId> = { readonly [R in I]: BffHandler<R> };

/** Handlers of any rooms, as the plugin takes them. */
export type AnyBffHandlers = { readonly [R in BffRouteId]?: BffHandler<R> };
