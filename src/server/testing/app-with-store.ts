import type { FastifyInstance } from 'fastify';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import type { RateLimits } from '../security/rate-limits';
import { openStore, type TeamStore } from '../store/open-store';
import { buildTestApp } from './test-app';

// The real BFF on the fake upstream (frozen clock) with an in-memory database of its own: the
// set-up of the tests of the team's own data (unread, notes, preferences).

export interface AppWithStore {
  readonly upstream: FakeUpstream;
  readonly store: TeamStore;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

export async function startAppWithStore(
  opts: { live?: boolean; rateLimits?: RateLimits } = {},
): Promise<AppWithStore> {
  const upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  const store = await openStore({ kind: 'pglite', dataDir: null });
  const app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
    ...(opts.live ? { live: { sync: false } } : {}),
    database: store,
    ...(opts.rateLimits ? { rateLimits: opts.rateLimits } : {}),
  });
  return {
    upstream,
    store,
    app,
    async close() {
      await app.close();
      await store.close();
      await upstream.close();
    },
  };
}
