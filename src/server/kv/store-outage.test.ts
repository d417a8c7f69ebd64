import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { expectNoSecrets } from '../testing/secrets';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// When the shared store goes away, requests that need it answer a clear 503 at once rather than
// hang until some client gives up, and readiness says not ready. The per-test timeout is only a
// failure guard, far below the 10 s a queued command used to wait.
const GUARD = { timeout: 5000 };

let upstream: RecordingUpstream;
let redis: TestRedis;
let app: FastifyInstance;
let cookie: string;
const logs = new LogCapture();

beforeAll(async () => {
  upstream = await startRecordingUpstream();
});
beforeEach(async () => {
  redis = await startTestRedis();
  app = await buildTestApp(upstream, { logs, env: { REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '300' } });
  cookie = await signIn(app, 'admin');
  upstream.requests.length = 0;
});
afterEach(async () => {
  await app.close();
  await redis.stop();
});
afterAll(async () => {
  await upstream.close();
  expectNoSecrets(logs.text());
});

const proxied = () => app.inject({ method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie } });
const signInAgain = () =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: sameOriginHeaders,
    payload: { username: TEST_USERS.agent.username, password: TEST_USERS.agent.password },
  });
const readyz = () => app.inject({ method: 'GET', url: '/readyz' });

type Reply = Awaited<ReturnType<typeof proxied>>;

function expectStoreUnavailable(res: Reply): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['x-bff-error']).toBe('1');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({
    statusCode: 503,
    message: 'Sessions are unavailable: try again shortly',
    error: 'Service Unavailable',
  });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('Redis goes away', () => {
  it(
    'stopped mid-run: proxied calls, sign-in and sign-out answer 503, readiness says not ready',
    GUARD,
    async () => {
      expect((await proxied()).statusCode).toBe(200);
      expect((await readyz()).statusCode).toBe(200);
      upstream.requests.length = 0;

      await redis.stop();
      expectStoreUnavailable(await proxied());
      expectStoreUnavailable(await signInAgain());
      expectStoreUnavailable(
        await app.inject({ method: 'POST', url: '/auth/logout', headers: { ...sameOriginHeaders, cookie } }),
      );
      const ready = await readyz();
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      // Readiness reuses its earlier probe, and the refused call went nowhere.
      expect(upstream.requests).toEqual([]);
    },
  );

  it('hung (it holds the connection but never answers): the same, then it recovers', GUARD, async () => {
    redis.pause();
    expectStoreUnavailable(await proxied());
    expectStoreUnavailable(await signInAgain());
    expect((await readyz()).statusCode).toBe(503);

    redis.resume();
    expect((await proxied()).statusCode).toBe(200);
    expect((await readyz()).statusCode).toBe(200);
  });
});
