import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultResponder,
  startRecordingUpstream,
  type RecordingUpstream,
} from './testing/recording-upstream';
import { buildTestApp, LogCapture, TEST_KEY } from './testing/test-app';

// /readyz is anonymous (load balancers do not sign in), so it must neither spend the workspace's
// key per call nor tell a stranger anything about the upstream.

let upstream: RecordingUpstream;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = await startRecordingUpstream();
});
beforeEach(() => {
  upstream.requests.length = 0;
  upstream.respondWith(defaultResponder);
});
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});
afterAll(async () => {
  await upstream.close();
});

async function appWithClock(logs = new LogCapture()) {
  let now = Date.UTC(2026, 0, 5, 9, 0, 0);
  const app = await buildTestApp(upstream, {
    logs,
    clock: () => now,
    readyTimeoutMs: 300,
    env: { READY_PROBE_INTERVAL_MS: '10000' },
  });
  apps.push(app);
  return { app, logs, advance: (ms: number) => (now += ms) };
}

const readyz = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/readyz' });
const burst = (app: FastifyInstance, n: number) => Promise.all(Array.from({ length: n }, () => readyz(app)));

describe('/readyz', () => {
  it('probes both upstreams with the key, at most once per interval however many ask at once', async () => {
    const { app, advance } = await appWithClock();
    for (const res of await burst(app, 50)) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(upstream.requests.map((r) => r.url).sort()).toEqual([
      '/crm/api/v1/lead-stages',
      '/social/api/v1/connect/channels',
    ]);
    expect(upstream.requests.every((r) => r.headers['x-api-key'] === TEST_KEY)).toBe(true);

    advance(9_999);
    await burst(app, 50);
    expect(upstream.requests).toHaveLength(2);

    advance(1);
    await burst(app, 50);
    expect(upstream.requests).toHaveLength(4);
  });

  it('says only "unavailable" when the key is refused; the log says which upstream and why', async () => {
    const { app, logs } = await appWithClock();
    upstream.respondWith((req, res) => {
      res.writeHead(req.url.startsWith('/crm') ? 401 : 200, { 'content-type': 'application/json' });
      res.end('{"statusCode":401,"message":"Invalid API key","error":"Unauthorized"}');
    });
    const res = await readyz(app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    expect(res.body).not.toMatch(/key|refused|crm|social|401/i);
    expect(logs.text()).toContain('"crm":"refused-key"');
    expect(logs.text()).not.toContain(TEST_KEY);
  });

  it('is not ready when an upstream is too slow, and shares that answer too', async () => {
    const { app, logs } = await appWithClock();
    upstream.respondWith((_req, res) => {
      setTimeout(() => res.end('{}'), 800);
    });
    for (const res of await burst(app, 10)) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
    }
    expect(upstream.requests).toHaveLength(2);
    expect(logs.text()).toContain('"social":"unavailable"');
  });

  it('has its interval as a setting that is checked at start-up', async () => {
    await expect(buildTestApp(upstream, { env: { READY_PROBE_INTERVAL_MS: 'soon' } })).rejects.toThrow(
      /READY_PROBE_INTERVAL_MS/,
    );
  });
});
