import { request, type Dispatcher } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import {
  ROUTES_BY_ID,
  buildPath,
  type ResponseOf,
  type RouteCallArgs,
  type RouteCallOptions,
  type RouteDef,
  type RouteId,
} from '../../contract/routes';
import { ErrorBody } from '../../contract/common';
import type { UpstreamConfig } from '../config';
import { withoutRefusedItems } from './refused-items';
import { retryAfterMs as readRetryAfter } from '../../contract/rules/retry-after';
import { UpstreamError } from './upstream-error';

// The BFF's own reads (and re-reads after writes) of the upstream: a contract route by id, with
// typed params, query and body, the key and tenant added here, the answer parsed with the route's
// response schema. It shares the proxy's connection pool. The key is never logged: log lines name
// the route id, the status and an error code only.

export type UpstreamCallOptions<R extends RouteId> = RouteCallOptions<R>;
/** Required when the route has path parameters, optional otherwise. */
export type UpstreamCallArgs<R extends RouteId> = RouteCallArgs<R>;

interface AnyOptions {
  params?: Readonly<Record<string, string>>;
  query?: object;
  body?: unknown;
}

export interface UpstreamClientOptions {
  readonly upstream: UpstreamConfig;
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly log: FastifyBaseLogger;
  readonly clock?: () => number;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

const errorCode = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
};

/** The error body's message as a list; nothing when the body is not the spec's error body. */
const errorDetail = (text: string): string[] => {
  try {
    const body = ErrorBody.safeParse(JSON.parse(text));
    if (!body.success) return [];
    const { message } = body.data;
    return typeof message === 'string' ? [message] : message;
  } catch {
    return [];
  }
};

const queryString = (query: object | undefined): string => {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export class UpstreamClient {
  private readonly bases: Readonly<Record<RouteDef['host'], string>>;
  private readonly clock: () => number;

  constructor(private readonly opts: UpstreamClientOptions) {
    this.bases = { social: opts.upstream.socialBaseUrl, crm: opts.upstream.crmBaseUrl };
    this.clock = opts.clock ?? Date.now;
  }

  /** Calls the route and returns its parsed answer; throws an UpstreamError, never anything else. */
  async call<R extends RouteId>(id: R, ...[options]: UpstreamCallArgs<R>): Promise<ResponseOf<R>> {
    const route: RouteDef = ROUTES_BY_ID[id];
    const parsed = await this.send(route, (options ?? {}) as AnyOptions);
    return parsed as ResponseOf<R>;
  }

  private async send(route: RouteDef, options: AnyOptions): Promise<unknown> {
    const url = this.bases[route.host] + buildPath(route, options.params ?? {}) + queryString(options.query);
    const headers: Record<string, string> = {
      'x-api-key': this.opts.upstream.apiKey,
      'x-tenant-id': this.opts.upstream.tenantId,
      accept: 'application/json',
    };
    const hasBody = route.body !== undefined && options.body !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: route.method,
        headers,
        ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
        dispatcher: this.opts.dispatcher,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (error) {
      const code = errorCode(error);
      const timedOut =
        (code !== undefined && TIMEOUT_CODES.has(code)) ||
        (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
      throw new UpstreamError(
        timedOut ? 'timeout' : 'unreachable',
        route.id,
        timedOut
          ? 'The upstream did not answer in time'
          : `The upstream could not be reached (${code ?? 'error'})`,
      );
    }
    const { statusCode } = response;
    let text: string;
    try {
      text = await response.body.text();
    } catch {
      throw new UpstreamError('unreachable', route.id, 'The upstream connection broke during the answer');
    }
    if (statusCode === 429) {
      const retryAfterMs = readRetryAfter(response.headers['retry-after'], this.clock());
      throw new UpstreamError(
        'rate-limited',
        route.id,
        'The upstream rate limit was reached',
        429,
        retryAfterMs,
      );
    }
    if (statusCode === 401) {
      this.opts.log.error({ routeId: route.id }, 'upstream refused the workspace API key (401)');
      throw new UpstreamError('key-refused', route.id, 'The workspace API key was refused', 401);
    }
    if (statusCode < 200 || statusCode >= 300) {
      throw new UpstreamError(
        'http',
        route.id,
        `The upstream answered ${statusCode}`,
        statusCode,
        null,
        errorDetail(text),
      );
    }
    if (statusCode === 204 || text === '') return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.opts.log.warn({ routeId: route.id, status: statusCode }, 'upstream answer is not JSON: skipped');
      throw new UpstreamError('malformed', route.id, 'The upstream answer is not JSON', statusCode);
    }
    let result = route.response.safeParse(json);
    if (!result.success) {
      // A list whose only faults are in some items: the rest of it (refused-items.ts); the log names
      // the refused fields by path, never by value.
      const partial = withoutRefusedItems(json, result.error.issues);
      const rest = partial && route.response.safeParse(partial.value);
      if (partial && rest?.success) {
        const fields = result.error.issues.slice(0, 3).map((i) => i.path.map(String).join('.'));
        this.opts.log.warn(
          { routeId: route.id, fields, dropped: partial.dropped },
          'upstream list items do not fit the contract: those items skipped',
        );
        result = rest;
      }
    }
    if (!result.success) {
      const fields = result.error.issues.slice(0, 3).map((i) => i.path.map(String).join('.') || '(root)');
      this.opts.log.warn({ routeId: route.id, fields }, 'upstream answer does not fit the contract: skipped');
      throw new UpstreamError(
        'malformed',
        route.id,
        'The upstream answer does not fit the contract',
        statusCode,
      );
    }
    return result.data;
  }
}
