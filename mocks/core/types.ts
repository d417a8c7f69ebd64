// The seams of the fake upstream. The dispatcher (mocks/core) turns every route of the contract's
// table into an msw handler that checks the headers, the key, the scope, the path parameters, the
// query and the body once for all routes, then calls the route's implementation below with parsed
// input. Implementations are plain functions over the workspace's state, per host:
// mocks/social for the messaging host, mocks/crm for the CRM host.
import type { ParamsOf, ParsedBodyOf, QueryOf, RouteId, RouteOf, Schema } from '../../src/contract/routes';
import type { Scope } from '../../src/contract/scopes';
import type { Rng } from './rng';

/** The fake's clock: seed times are relative to start/reset; tests move it forward. */
export interface Clock {
  now(): Date;
  /** Moves time forward and runs whatever became due (message status advances). */
  advance(ms: number): void;
}

export interface ApiKey {
  key: string;
  workspaceId: string;
  /** Empty: full access (spec Part 5, rule 7). */
  scopes: readonly Scope[];
  revoked: boolean;
  expiresAt: Date | null;
}

export interface Workspace {
  id: string;
  name: string;
  /** When set, sends answer 403 `Plan limit reached: <limit>` (decisions.md). */
  planLimit: string | null;
  crm: import('../crm/state').CrmState;
  social: import('../social/state').SocialState;
}

export interface FakeState {
  clock: Clock;
  rng: Rng;
  keys: Map<string, ApiKey>;
  workspaces: Map<string, Workspace>;
}

/** The parsed query of a route; a route that takes none gets an empty record. */
type QueryIn<R extends RouteId> =
  RouteOf<R> extends Record<'query', Schema> ? QueryOf<R> : Record<string, never>;
/** The parsed body of a route; a route that takes none gets undefined. */
type BodyIn<R extends RouteId> = RouteOf<R> extends Record<'body', Schema> ? ParsedBodyOf<R> : undefined;

/** What the implementation of route R receives: already authenticated input, parsed by R's schemas. */
export interface RouteContext<R extends RouteId> {
  state: FakeState;
  ws: Workspace;
  now: Date;
  params: ParamsOf<R>;
  query: QueryIn<R>;
  body: BodyIn<R>;
}

export interface RouteResult {
  status?: number;
  body?: unknown;
}

export type RouteImpl<R extends RouteId> = (ctx: RouteContext<R>) => RouteResult;

/** Implementations by route id, each typed by its route; each host's module exports its part. */
export type RouteImpls = { readonly [R in RouteId]?: RouteImpl<R> };
