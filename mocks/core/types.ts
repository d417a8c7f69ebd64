// The seams of the fake upstream. The dispatcher (mocks/core) turns every route of the contract's
// table into an msw handler that checks the headers, the key, the scope, the path parameters, the
// query and the body once for all routes, then calls the route's implementation below with parsed
// input. Implementations are plain functions over the workspace's state, per host:
// mocks/social for the messaging host, mocks/crm for the CRM host.
import type { RouteId } from '../../src/contract';
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

/** What an implementation receives: already authenticated and validated input. */
export interface RouteContext<Body = unknown, Query = unknown> {
  state: FakeState;
  ws: Workspace;
  now: Date;
  params: Record<string, string>;
  query: Query;
  body: Body;
}

export interface RouteResult {
  status?: number;
  body?: unknown;
}

export type RouteImpl = (ctx: RouteContext<never, never>) => RouteResult;

/** Implementations by route id; each host's module exports its part. */
export type RouteImpls = Partial<Record<RouteId, (ctx: RouteContext<any, any>) => RouteResult>>; // eslint-disable-line @typescript-eslint/no-explicit-any
