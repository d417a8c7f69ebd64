import { stringify as stringifyQuery } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import type { Dispatcher } from 'undici';
import { fieldErrors } from '../../contract/common';
import { buildPath, matchRoute, type Host, type RouteDef } from '../../contract/routes';
import { actorOf, type WriteActor } from '../auth/write-actor';
import { sendBffError } from '../bff-error';
import type { UpstreamConfig } from '../config';
import type { IdempotentWrites } from '../idempotency/idempotent-writes';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency-key';
import { guardTarget } from './path-guard';

// The allowlist proxy: only a (method, path template) pair of the contract's route table is
// forwarded, to a path rebuilt from the matched template; the browser's credentials stay here and
// the workspace key is added here.

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract route a proxied call matched, for authorisation and the audit line. */
    bffRoute: RouteDef | null;
    /** Its path params (set with bffRoute), so the audit line need not match the path again. */
    bffParams: Readonly<Record<string, string>> | null;
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
  /** A route of the table, or one of the BFF's screen reads: the role matrix knows both by id. */
  route: Pick<RouteDef, 'id'>,
) => boolean | Promise<boolean>;

/** Told of every successful state-changing call once its answer has reached the browser: the
 *  live sync updates the read model from it (docs/live-sync.md, write-through). */
export type WriteListener = (write: {
  readonly route: RouteDef;
  readonly actor: WriteActor | null;
  readonly params: Readonly<Record<string, string>>;
  readonly requestBody: unknown;
  /** The answer's bytes as the browser got them; null when larger than WRITE_COPY_LIMIT. */
  readonly answer: Buffer | null;
}) => void;

/** Mutating answers are small; a larger one reaches the browser but is not copied. */
export const WRITE_COPY_LIMIT = 1024 * 1024;

export interface ProxyOptions {
  readonly upstream: UpstreamConfig;
  readonly timeoutMs: number;
  readonly dispatcher: Dispatcher;
  readonly onWrite?: WriteListener;
  readonly guard?: ProxyGuard;
  /** Sends and creates with an Idempotency-Key go through here (src/server/idempotency). */
  readonly idempotency?: IdempotentWrites;
}

export const NOT_FOUND_MESSAGE = 'No such API route';

export async function registerProxy(app: FastifyInstance, opts: ProxyOptions): Promise<void> {
  const { upstream } = opts;
  const bases: Readonly<Record<Host, string>> = { social: upstream.socialBaseUrl, crm: upstream.crmBaseUrl };
  const { apiKey, tenantId } = upstream;

  app.decorateRequest('bffRoute', null);
  app.decorateRequest('bffParams', null);
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
      request.bffParams = match.params;

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
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (key !== undefined && opts.idempotency?.covers(route.id))
        return opts.idempotency.handle(
          request,
          reply,
          { route, params: match.params, url },
          key,
          opts.onWrite,
        );
      const chosen = route.body === undefined && route.mutates ? noBodyHooks : hooks;
      // Reads stream through untouched; only a state-changing call's answer is also copied.
      return reply.from(
        url,
        route.mutates && opts.onWrite ? copyingHooks(chosen, request, match.params) : chosen,
      );
    };
  };

  /** The same hooks, plus a copy of a 2xx answer (as it streams to the browser) for onWrite. */
  const copyingHooks = (
    base: FastifyReplyFromHooks,
    request: FastifyRequest,
    params: Readonly<Record<string, string>>,
  ): FastifyReplyFromHooks => ({
    ...base,
    onResponse: (req, reply, res) => {
      const route = request.bffRoute;
      if (route !== null && opts.onWrite && res.statusCode >= 200 && res.statusCode < 300) {
        const onWrite = opts.onWrite;
        const chunks: Buffer[] = [];
        let size = 0;
        res.stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= WRITE_COPY_LIMIT) chunks.push(chunk);
        });
        res.stream.once('end', () => {
          const answer = size <= WRITE_COPY_LIMIT ? Buffer.concat(chunks) : null;
          onWrite({ route, params, actor: actorOf(request), requestBody: request.body, answer });
        });
      }
      base.onResponse!(req, reply, res);
    },
  });

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
