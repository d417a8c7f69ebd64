import { stringify as stringifyQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import type { Dispatcher } from 'undici';
import { fieldErrors } from '../../contract/common';
import { buildPath, matchRoute, type Host, type RouteDef } from '../../contract/routes';
import { sendBffError } from '../bff-error';
import type { UpstreamConfig } from '../config';
import { guardTarget } from './path-guard';

// The allowlist proxy: only a (method, path template) pair of the contract's route table is
// forwarded, to a path rebuilt from the matched template; the browser's credentials stay here and
// the workspace key is added here.

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract route a proxied call matched, for authorisation and the audit line. */
    bffRoute: RouteDef | null;
    /** The query re-serialised from parsed, validated parameters. */
    bffQuery: string;
  }
}

export const MOUNTS: Readonly<Record<Host, string>> = { social: '/api/social', crm: '/api/crm' };

const REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent'] as const;
const BODY_HEADERS = ['content-type', 'content-length'] as const;
const RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
  'retry-after',
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;

type HeaderBag = Record<string, string | string[] | undefined>;

/** Called after the route matched and before anything is forwarded; Part B's sessions, roles,
 *  CSRF and rate limits plug in here. Return true when the hook already answered. */
export type ProxyGuard = (
  request: FastifyRequest,
  reply: FastifyReply,
  route: RouteDef,
) => boolean | Promise<boolean>;

export interface ProxyOptions {
  readonly upstream: UpstreamConfig;
  readonly timeoutMs: number;
  readonly dispatcher: Dispatcher;
  readonly guard?: ProxyGuard;
}

export const NOT_FOUND_MESSAGE = 'No such API route';

export async function registerProxy(app: FastifyInstance, opts: ProxyOptions): Promise<void> {
  const { upstream } = opts;
  const bases: Readonly<Record<Host, string>> = { social: upstream.socialBaseUrl, crm: upstream.crmBaseUrl };
  const { apiKey, tenantId } = upstream;

  app.decorateRequest('bffRoute', null);
  app.decorateRequest('bffQuery', '');

  await app.register(replyFrom, {
    undici: opts.dispatcher,
    disableCache: true,
    disableRequestLogging: true,
    destroyAgent: false,
  });

  const rewriteRequestHeaders = (request: FastifyRequest, headers: HeaderBag): HeaderBag => {
    const out: HeaderBag = {
      host: headers.host,
      'x-api-key': apiKey,
      'x-tenant-id': tenantId,
      'x-request-id': request.id,
    };
    for (const name of REQUEST_HEADERS) {
      const value = headers[name];
      if (value !== undefined) out[name] = value;
    }
    if (request.bffRoute?.body !== undefined) {
      for (const name of BODY_HEADERS) {
        const value = headers[name];
        if (value !== undefined) out[name] = value;
      }
    }
    return out;
  };

  const rewriteHeaders = (headers: HeaderBag): HeaderBag => {
    const out: HeaderBag = {};
    for (const name of RESPONSE_HEADERS) {
      const value = headers[name];
      if (value !== undefined) out[name] = value;
    }
    // Workspace data is private: unless the upstream says otherwise, no cache keeps it.
    if (out['cache-control'] === undefined) out['cache-control'] = 'private, no-store';
    return out;
  };

  const hooks: FastifyReplyFromHooks = {
    timeout: opts.timeoutMs,
    // No retries: an upstream answer, a 503 included, reaches the client as it came.
    retryDelay: () => null,
    queryString: (_search, _url, request) => request.bffQuery,
    rewriteRequestHeaders: rewriteRequestHeaders as FastifyReplyFromHooks['rewriteRequestHeaders'],
    rewriteHeaders: rewriteHeaders as FastifyReplyFromHooks['rewriteHeaders'],
    onResponse: (request, reply, res) => {
      if (res.statusCode === 401) {
        // The upstream refused the BFF's own key: the person at the browser cannot fix that.
        res.stream.resume();
        for (const name of RESPONSE_HEADERS) reply.removeHeader(name);
        request.log.error({ routeId: request.bffRoute?.id }, 'upstream refused the workspace API key (401)');
        sendBffError(reply, 502, 'The workspace API key was refused by the upstream service');
        return;
      }
      reply.send(res.stream);
    },
    onError: (reply, { error }) => {
      const timedOut = (error as { statusCode?: number }).statusCode === 504;
      reply.log.warn({ routeId: reply.request.bffRoute?.id, code: errorCode(error) }, 'upstream call failed');
      for (const name of RESPONSE_HEADERS) reply.removeHeader(name);
      if (timedOut) sendBffError(reply, 504, 'The upstream service did not answer in time');
      else sendBffError(reply, 502, 'The upstream service could not be reached');
    },
  };
  // Routes without a body never forward one, whatever the browser sent.
  const noBodyHooks: FastifyReplyFromHooks = { ...hooks, body: null };

  const handler = (host: Host) => {
    const prefix = MOUNTS[host];
    const base = bases[host];
    return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const target = guardTarget(request.raw.url ?? '');
      // The router may have matched a decoded form; the raw target must carry the mount itself.
      if (!target.ok || !target.path.startsWith(prefix) || target.path.charCodeAt(prefix.length) !== 0x2f) {
        return sendBffError(reply, 404, NOT_FOUND_MESSAGE);
      }
      const match = matchRoute(host, request.method, target.path.slice(prefix.length));
      if (match === null) return sendBffError(reply, 404, NOT_FOUND_MESSAGE);
      const { route } = match;
      request.bffRoute = route;

      if (opts.guard && (await opts.guard(request, reply, route))) return reply;

      if (route.query !== undefined) {
        const query = route.query.safeParse(request.query ?? {});
        if (!query.success) return sendBffError(reply, 400, fieldErrors(query.error));
        request.bffQuery = target.query === '' ? '' : stringifyQuery(request.query as Record<string, string>);
      }
      if (route.body !== undefined) {
        const body = route.body.safeParse(request.body);
        if (!body.success) return sendBffError(reply, 400, fieldErrors(body.error));
      }
      const url = base + buildPath(route, match.params);
      return reply.from(url, route.body === undefined && route.mutates ? noBodyHooks : hooks);
    };
  };

  for (const host of ['social', 'crm'] as const) {
    app.route({
      method: ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'],
      url: `${MOUNTS[host]}/*`,
      handler: handler(host),
    });
  }
}

const errorCode = (error: Error): string | undefined => {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : (error as { code?: string }).code;
};
