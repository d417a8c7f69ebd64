import {
  BFF_ROUTES_BY_ID,
  ErrorBody,
  ROUTES_BY_ID,
  buildPath,
  type BffBodyInput,
  type BffParamsOf,
  type BffQueryInput,
  type BffResponseOf,
  type BffRouteDef,
  type BffRouteId,
  type BffRouteOf,
  type ResponseOf,
  type RouteCallArgs,
  type RouteCallOptions,
  type RouteDef,
  type RouteId,
} from '@/contract';
import { ApiError } from './api-error';
import { parseRetryAfter, rateGate } from './rate-limit';

/** What the browser adds to a call of an upstream route. */
interface BrowserCallExtra {
  signal?: AbortSignal;
  /** Names a send or a create, so asking again never makes a second copy (src/lib/idempotent-call.ts). */
  idempotencyKey?: string;
}

export type CallOptions<R extends RouteId> = RouteCallOptions<R> & BrowserCallExtra;

/** The options argument: required when the route has path parameters, optional otherwise. */
export type CallArgs<R extends RouteId> = RouteCallArgs<R, BrowserCallExtra>;

/** The untyped view of a call's options, once its route is known only by id. */
interface AnyCallOptions {
  params?: Readonly<Record<string, string>>;
  query?: object;
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** Hook for the session layer: called when the BFF says the session has ended. */
let onUnauthenticated: ((error: ApiError) => void) | null = null;
export function setUnauthenticatedHandler(handler: ((error: ApiError) => void) | null) {
  onUnauthenticated = handler;
}

const toSearch = (query: Record<string, unknown> | undefined): string => {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The browser's URL for a route: the BFF mount of its host plus the filled path template. */
export function routeUrl<R extends RouteId>(id: R, ...[options]: CallArgs<R>): string {
  return urlOf(ROUTES_BY_ID[id], options ?? {});
}

function urlOf(route: RouteDef, options: AnyCallOptions): string {
  return `/api/${route.host}${buildPath(route, options.params ?? {})}${toSearch(options.query as Record<string, unknown>)}`;
}

async function readError(response: Response, sentAt: number): Promise<ApiError> {
  const fromBff = response.headers.get('x-bff-error') === '1';
  const retryAfterMs = response.status === 429 ? parseRetryAfter(response.headers.get('retry-after')) : null;
  // Every caller holds back, not only this one (see rate-limit.ts).
  if (response.status === 429) rateGate.rateLimited(retryAfterMs, sentAt);
  let body: ErrorBody | null = null;
  try {
    const parsed = ErrorBody.safeParse(await response.json());
    if (parsed.success) body = parsed.data;
  } catch {
    // A body that is not JSON: keep the status only.
  }
  return new ApiError(response.status, body, fromBff, undefined, retryAfterMs);
}

/**
 * A route of the upstream's table through the BFF's proxy (`/api/<host>/…`), the answer parsed with
 * the route's response schema. Any 2xx is success (decisions.md). State-changing calls carry `X-CSRF: 1`.
 */
async function callUpstream<R extends RouteId>(id: R, ...[typed]: CallArgs<R>): Promise<ResponseOf<R>> {
  const route: RouteDef = ROUTES_BY_ID[id];
  const options: AnyCallOptions = typed ?? {};
  const headers: Record<string, string> = { accept: 'application/json' };
  if (route.mutates) headers['x-csrf'] = '1';
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  const sentAt = await rateGate.acquire(options.signal);
  let response: Response;
  try {
    response = await fetch(urlOf(route, options), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null, false);
  }
  if (!response.ok) {
    const error = await readError(response, sentAt);
    if (error.status === 401 && error.fromBff) onUnauthenticated?.(error);
    throw error;
  }
  rateGate.succeeded();
  const text = response.status === 204 ? '' : await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(-1, null, false, `Unexpected response from ${route.id}`);
  }
  return parsed.data as ResponseOf<R>;
}

/** `params` with exactly the names of a BFF route's template; absent for a route without any. */
type BffParamsOption<R extends BffRouteId> = keyof BffRouteOf<R>['params'] extends never
  ? { params?: never }
  : { params: BffParamsOf<R> };

export type BffCallOptions<R extends BffRouteId> = BffParamsOption<R> & {
  query?: BffQueryInput<R>;
  body?: BffBodyInput<R>;
  signal?: AbortSignal;
  /** Sent even as the page unloads (a presence beat on leaving). */
  keepalive?: boolean;
};

/** The options argument of a BFF route: required when it has path parameters. */
export type BffCallArgs<R extends BffRouteId> = keyof BffRouteOf<R>['params'] extends never
  ? [options?: BffCallOptions<R>]
  : [options: BffCallOptions<R>];

const bffRouteOf = (id: string): BffRouteDef | undefined =>
  (BFF_ROUTES_BY_ID as Readonly<Record<string, BffRouteDef>>)[id];

/** The browser's URL of a BFF route: its filled path template and query. */
export function bffUrl<R extends BffRouteId>(id: R, ...[options]: BffCallArgs<R>): string {
  const route = bffRouteOf(id)!;
  const typed = (options ?? {}) as AnyCallOptions;
  return `${buildPath(route, typed.params ?? {})}${toSearch(typed.query as Record<string, unknown>)}`;
}

/**
 * The one way the browser calls the BFF: a route of the upstream's table (forwarded) or one of the
 * BFF's own (`/bff/*`: screens, notes, unread, …), by id, typed from the contract, the answer
 * parsed with the route's response schema. State-changing calls carry `X-CSRF: 1`.
 */
export function call<R extends RouteId>(id: R, ...args: CallArgs<R>): Promise<ResponseOf<R>>;
export function call<R extends BffRouteId>(id: R, ...args: BffCallArgs<R>): Promise<BffResponseOf<R>>;
export function call(id: string, options?: AnyCallOptions & { keepalive?: boolean }): Promise<unknown> {
  const route = bffRouteOf(id);
  if (route === undefined) return callUpstream(id as RouteId, options as CallOptions<RouteId>);
  const url = `${buildPath(route, options?.params ?? {})}${toSearch(options?.query as Record<string, unknown>)}`;
  const headers: Record<string, string> = {};
  if (route.mutates) headers['x-csrf'] = '1';
  if (options?.body !== undefined) headers['content-type'] = 'application/json';
  return callBff(url, route.response as ParseSchema<unknown>, {
    method: route.method,
    headers,
    ...(options?.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.keepalive ? { keepalive: true } : {}),
  });
}

type ParseSchema<T> = { safeParse(data: unknown): { success: true; data: T } | { success: false } };

/** A request to the BFF's own endpoints (`/bff/*`), the answer parsed with the given schema. */
async function callBff<T>(
  path: string,
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
  init?: RequestInit,
): Promise<T> {
  const sentAt = await rateGate.acquire(init?.signal ?? undefined);
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init?.headers },
    });
  } catch {
    throw new ApiError(0, null, false);
  }
  if (!response.ok) {
    const error = await readError(response, sentAt);
    if (error.status === 401 && !path.startsWith('/auth/')) onUnauthenticated?.(error);
    throw error;
  }
  const text = response.status === 204 ? '' : await response.text();
  const parsed = schema.safeParse(text ? JSON.parse(text) : undefined);
  if (!parsed.success) throw new ApiError(-1, null, false, `Unexpected response from ${path}`);
  return parsed.data;
}
