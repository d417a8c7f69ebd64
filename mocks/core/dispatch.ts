import { Id } from '../../src/contract/common';
import { requiredScope, type Host, type RouteDef, type RouteId } from '../../src/contract/routes';
import { FakeError } from './errors';
import type { Faults } from './faults';
import { keyRefusal } from './keys';
import { findRouteCall } from './route-shape';
import { implFor } from './impls';
import type { FakeState, RouteImpls, RouteResult } from './types';
import { checkBody, checkQuery, decodeJsonBody, searchRecord } from './validate';

export interface DispatchRequest {
  host: Host;
  method: string;
  /** The path below the host base, still percent-encoded. */
  rawPath: string;
  /** The whole URL path, for the 404 message. */
  fullPath: string;
  search: URLSearchParams;
  headers: Headers;
  /** null when the request has no body. */
  bodyText: string | null;
}

export interface DispatchResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface DispatchDeps {
  state: FakeState;
  impls: RouteImpls;
  faults: Faults;
  /** Runs before each routed call with the current time (message statuses settle on it). */
  settle(now: Date): void;
}

export const errorResponse = (
  status: number,
  message: string | string[],
  headers?: Record<string, string>,
): DispatchResponse => ({
  status,
  body: new FakeError(status, message).toBody(),
  ...(headers ? { headers } : {}),
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const writesSomething = (route: RouteDef) =>
  route.method === 'POST' && (route.status === 201 || route.status === 202);

/**
 * Every call to either host goes through here: the auth, tenant, scope, plan-limit and validation
 * rules run once for all routes, in the order mocks/README.md gives, before the route's implementation.
 */
export async function dispatch(deps: DispatchDeps, req: DispatchRequest): Promise<DispatchResponse> {
  const method = req.method.toUpperCase();
  const match = findRouteCall(req.host, method, req.rawPath);
  const fault = deps.faults.take(req.host, method, match?.route.path, req.rawPath);
  if (fault?.delayMs) await sleep(fault.delayMs);
  if (fault?.status) {
    const retry = fault.status === 429 || fault.status === 503 ? { 'retry-after': '1' } : undefined;
    return errorResponse(fault.status, fault.message ?? `Injected failure (${fault.status})`, retry);
  }
  if (!match) return errorResponse(404, `Cannot ${method} ${req.fullPath}`);
  const { route } = match;
  const { state } = deps;
  const now = state.clock.now();
  deps.settle(now);

  const keyValue = req.headers.get('x-api-key');
  if (!keyValue) return errorResponse(401, 'Missing API key: send it in the x-api-key header');
  const key = state.keys.get(keyValue);
  const refusal = keyRefusal(key, now);
  if (refusal || !key) return errorResponse(401, refusal ?? 'The API key is not valid');
  const ws = state.workspaces.get(key.workspaceId);
  if (!ws) return errorResponse(401, 'The API key is not valid');

  const tenant = req.headers.get('x-tenant-id');
  if (!tenant) return errorResponse(400, 'X-Tenant-Id header is required');
  if (!Id.safeParse(tenant).success) return errorResponse(400, 'X-Tenant-Id header must be a workspace UUID');
  // Spec Part 5 rule 2: the tenant header never selects another workspace; the key's own one is served.

  // A route without a body ignores one sent anyway (close, reopen, deletes).
  const decoded = route.body
    ? decodeJsonBody(req.bodyText, req.headers.get('content-type'))
    : ({ ok: true, value: undefined } as const);
  const scope = requiredScope(route, decoded.ok ? decoded.value : undefined);
  if (key.scopes.length > 0 && !key.scopes.includes(scope))
    return errorResponse(403, `Missing scope(s): ${scope}`);
  if (ws.planLimit && writesSomething(route))
    return errorResponse(403, `Plan limit reached: ${ws.planLimit}`);

  // Every malformed part of the request in one 400: path parameters, query, then body.
  const params = match.params;
  const search = searchRecord(req.search);
  const query = search.ok ? checkQuery(route, search.value) : search;
  const body = decoded.ok ? checkBody(route, decoded.value) : decoded;
  if (!params.ok || !query.ok || !body.ok) {
    const errors = [params, query, body].flatMap((c) => (c.ok ? [] : c.errors));
    return errorResponse(400, errors);
  }

  const impl = implFor(deps.impls, route.id as RouteId);
  if (!impl) return errorResponse(500, `Route ${route.id} is not implemented by the fake`);
  let result: RouteResult;
  try {
    result = impl({ state, ws, now, params: params.value, query: query.value, body: body.value });
  } catch (error) {
    if (error instanceof FakeError) return { status: error.statusCode, body: error.toBody() };
    console.error(`fake upstream: ${route.id} failed`, error);
    return errorResponse(500, 'Internal server error');
  }
  const status = result.status ?? route.status;
  return status === 204 ? { status } : { status, body: result.body ?? null };
}
