import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { loadedCollections } from '../sync/sync-queries';
import * as z from 'zod/mini';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import type { Role } from '../../contract/bff';
import { ErrorBody } from '../../contract/common';
import { DEFAULT_RATE_LIMITS } from '../security/rate-limits';
import type { TeamStore } from '../store/open-store';
import { FAST_SYNC } from './fast-sync';
import { buildTestApp } from './test-app';
import { sameOriginHeaders, signIn } from './test-users';
import type { StoreSuite } from './test-stores';

// The hostile-value suites' one app per store kind: the real BFF with its live sync on the fake
// upstream (frozen clock), on a fresh database of the suite's kind, signed in as every role. The
// per-session rate limit is lifted: the suites send thousands of calls on purpose, and a 429 would
// hide what a route does with a value.

export const ROLES: readonly Role[] = ['agent', 'manager', 'admin'];

export interface HostileStack {
  readonly upstream: FakeUpstream;
  readonly store: TeamStore;
  readonly app: FastifyInstance;
  readonly cookies: Readonly<Record<Role, string>>;
  /** A call as `role`, with the same-origin headers a browser's write carries. */
  call(role: Role, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startHostileStack(suite: StoreSuite): Promise<HostileStack> {
  const upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  const store = await suite.openFresh();
  const app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent', IMPORT_CALLS_PER_SECOND: '1000' },
    live: { settings: { sync: FAST_SYNC } },
    database: store,
    rateLimits: { ...DEFAULT_RATE_LIMITS, apiBurst: 1_000_000, apiRatePerSecond: 1_000_000 },
  });
  const workspace = app.bffLive!.workspace;
  await vi.waitFor(
    async () => {
      if ((await loadedCollections(workspace.db)).size < 3 || (await workspace.list('stages')) === null)
        throw new Error('the workspace is loading');
    },
    { timeout: 20_000, interval: 50 },
  );
  const cookies = {
    agent: await signIn(app, 'agent'),
    manager: await signIn(app, 'manager'),
    admin: await signIn(app, 'admin'),
  };
  return {
    upstream,
    store,
    app,
    cookies,
    call: (role, opts) =>
      app.inject({ ...opts, headers: { ...sameOriginHeaders, cookie: cookies[role], ...opts.headers } }),
    async close() {
      await app.close();
      await upstream.close();
    },
  };
}

/**
 * What is wrong with an answer to a hostile value, or null when nothing is: no 5xx but a deliberate
 * 502, 503 or 504, and every refusal in the spec's error body with its own status.
 */
export function problemWith(res: LightMyRequestResponse): string | null {
  const { statusCode } = res;
  const snippet = () => res.body.slice(0, 200);
  if (statusCode >= 500 && ![502, 503, 504].includes(statusCode)) return `${statusCode} ${snippet()}`;
  if (statusCode < 400) return null;
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    return `${statusCode} without a JSON error body: ${snippet()}`;
  }
  const body = ErrorBody.safeParse(parsed);
  if (!body.success || body.data.statusCode !== statusCode)
    return `${statusCode} without the spec's error body: ${snippet()}`;
  return null;
}

/** One hostile call, named by the value it carries. */
export interface HostileCase {
  readonly label: string;
  readonly send: () => Promise<LightMyRequestResponse>;
  /** What this case expects beyond problemWith's rules (say a 400 for a malformed id). */
  readonly also?: (res: LightMyRequestResponse) => string | null;
}

/**
 * Calls every case and collects what went wrong, so one run names every failing value at once.
 * With `concurrency` above 1 that many calls are in flight at a time (each case is an independent
 * request, checked on its own answer), and then an answer that only says the BFF or its upstream
 * was busy or out of reach (429, 502, 503, 504) is a problem too: it would hide what the route
 * does with the value. Use it where no case is meant to get one.
 */
export async function problemsOf(cases: Iterable<HostileCase>, concurrency = 1): Promise<string[]> {
  const all = [...cases];
  const found: (string | null)[] = new Array<string | null>(all.length).fill(null);
  let next = 0;
  const work = async (): Promise<void> => {
    while (next < all.length) {
      const i = next++;
      const c = all[i]!;
      let res: LightMyRequestResponse;
      try {
        res = await c.send();
      } catch (error) {
        found[i] = `${c.label}: the call threw ${String(error)}`;
        continue;
      }
      const busy =
        concurrency > 1 && [429, 502, 503, 504].includes(res.statusCode)
          ? `${res.statusCode} with ${concurrency} calls in flight: ${res.body.slice(0, 200)}`
          : null;
      const problem = busy ?? problemWith(res) ?? c.also?.(res) ?? null;
      if (problem !== null) found[i] = `${c.label}: ${problem}`;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, work));
  return found.filter((p): p is string => p !== null);
}

/** The top-level field names of a body or query schema (the contract wraps each in z.lazy). */
export function fieldsOf(schema: z.ZodMiniType | undefined): string[] {
  let inner: unknown = schema;
  while (inner instanceof z.ZodMiniLazy) inner = inner._zod.def.getter();
  return inner instanceof z.ZodMiniObject ? Object.keys(inner.shape) : [];
}
