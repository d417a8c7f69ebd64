import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import * as z from 'zod/mini';
import { fieldErrors } from '../../contract/common';
import { BFF_ROUTES_BY_ID, type BffNeed, type BffRouteDef, type BffRouteId } from '../../contract/routes';
import { sendBffError } from '../bff-error';
import type { ProxyGuard } from '../proxy/proxy';
import { fromStore } from '../store/from-store';
import type { AnyBffHandlers, BffCall, BffHandler } from './bff-handlers';
import { streamedJsonBody } from './streamed-json-body';

// The one way into the BFF's own routes. Each route of the contract's table is registered here,
// once, and every call goes through the same steps in this order: the session, the role (the role
// matrix), the per-session rate limit (the guard, before the body is read), then the path
// parameters, query and body parsed by the route's schemas (400 naming each field), then a 503
// when what the route needs (its database, the live workspace) is away, then the room's handler.
// A database that cannot serve is a 503 to try again, never a 500.

export interface BffRoutesOptions {
  readonly guard: ProxyGuard;
  /** What this instance has: a route that needs something else answers 503. */
  readonly available: ReadonlySet<BffNeed>;
  readonly handlers: AnyBffHandlers;
}

const WITHOUT: Record<BffNeed, string> = {
  database: 'not kept: the BFF runs without its database',
  live: 'not available: the BFF runs without its live workspace',
  queue: 'not available: the BFF runs without its job queue',
};

/** `/bff/x/{id}` as Fastify's `/bff/x/:id`. */
const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Names given more than once in the query string (`?a=1&a=2`): each route takes one value. */
const repeated = (query: unknown): string[] =>
  typeof query === 'object' && query !== null
    ? Object.entries(query)
        .filter(([, value]) => Array.isArray(value))
        .map(([name]) => `${name} must not be repeated`)
    : [];

type Parsed = { ok: true; params: object; query: object; body: unknown } | { ok: false; errors: string[] };

function parserOf(route: BffRouteDef): (request: FastifyRequest) => Parsed {
  const params = z.strictObject(route.params);
  return (request) => {
    const errors: string[] = [];
    const p = params.safeParse(request.params ?? {});
    if (!p.success) errors.push(...fieldErrors(p.error));
    errors.push(...repeated(request.query));
    const q = route.query ? route.query.safeParse(request.query ?? {}) : null;
    if (q && !q.success) errors.push(...fieldErrors(q.error));
    const b = route.body ? route.body.safeParse(request.body ?? {}) : null;
    if (b && !b.success) errors.push(...fieldErrors(b.error));
    if (errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      params: p.success ? (p.data as object) : {},
      query: q?.success ? (q.data as object) : {},
      body: b?.success ? b.data : undefined,
    };
  };
}

export function registerBffRoutes(app: FastifyInstance, options: BffRoutesOptions): void {
  for (const id of Object.keys(BFF_ROUTES_BY_ID) as BffRouteId[]) {
    const route: BffRouteDef = BFF_ROUTES_BY_ID[id];
    const missing = route.needs.filter((need) => !options.available.has(need));
    const handler = options.handlers[id] as BffHandler<BffRouteId> | undefined;
    if (missing.length === 0 && handler === undefined) {
      throw new Error(`The BFF route ${id} has no handler although what it needs is here`);
    }
    const parse = parserOf(route);
    const definition: RouteOptions = {
      method: route.method,
      url: fastifyPath(route.path),
      // Before the body is read: a caller who may not make the call never has a byte of it parsed.
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', 'no-store');
        if (await options.guard(request, reply, route)) return reply;
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const parsed = parse(request);
        if (!parsed.ok) return sendBffError(reply, 400, parsed.errors);
        if (missing.length > 0 || handler === undefined) {
          return sendBffError(reply, 503, `${route.what} ${WITHOUT[missing[0] ?? 'database']}`);
        }
        const call = {
          user: request.bffUser!,
          params: parsed.params,
          query: parsed.query,
          body: parsed.body,
          request,
          reply,
        } as BffCall<BffRouteId>;
        return fromStore(reply, route.what, async () => {
          const answer = await handler(call);
          if (answer === reply || reply.sent) return reply;
          reply.code(route.status);
          return route.status === 204 ? reply.send() : reply.send(answer);
        });
      },
    };
    const { bodyLimit } = route;
    if (bodyLimit === undefined) app.route(definition);
    else
      // A body larger than the app's limit, in a scope of its own: parsed as it arrives rather than
      // whole, and refused past the route's limit (streamed-json-body.ts).
      void app.register(async (scope) => {
        scope.removeContentTypeParser('application/json');
        scope.addContentTypeParser('application/json', streamedJsonBody(bodyLimit));
        scope.route(definition);
      });
  }
}
