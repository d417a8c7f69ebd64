import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultResponder,
  startRecordingUpstream,
  type RecordingUpstream,
} from '../testing/recording-upstream';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// The BFF's limits are operator settings, and every 429 it makes says when to come back, in the
// spec's error body, marked as the BFF's own; the upstream's 429 reaches the browser untouched.

let upstream: RecordingUpstream;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = await startRecordingUpstream();
});
beforeEach(() => upstream.respondWith(defaultResponder));
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});
afterAll(async () => {
  await upstream.close();
});

async function app(env: Record<string, string>): Promise<FastifyInstance> {
  const built = await buildTestApp(upstream, { env });
  apps.push(built);
  return built;
}

const login = (a: FastifyInstance, username: string, password: string, ip = '10.0.0.1') =>
  a.inject({
    method: 'POST',
    url: '/auth/login',
    headers: sameOriginHeaders,
    payload: { username, password },
    remoteAddress: ip,
  });

type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

function expectBffTooMany(res: Reply, maxSeconds: number): void {
  expect(res.statusCode).toBe(429);
  expect(res.headers['x-bff-error']).toBe('1');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const seconds = Number(res.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(res.json()).toEqual({
    statusCode: 429,
    message: expect.any(String) as string,
    error: 'Too Many Requests',
  });
}

describe('limits from the environment', () => {
  it('API_RATE_PER_SECOND and API_BURST shape the per-session bucket', async () => {
    const a = await app({ API_BURST: '3', API_RATE_PER_SECOND: '0.5' });
    const cookie = await signIn(a, 'agent');
    const call = () => a.inject({ method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie } });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expectBffTooMany(refused, 2);
    expect(refused.headers['retry-after']).toBe('2');
  });

  it('LOGIN_ATTEMPTS_PER_ACCOUNT and LOGIN_WINDOW_MS throttle an account', async () => {
    const a = await app({ LOGIN_ATTEMPTS_PER_ACCOUNT: '2', LOGIN_WINDOW_MS: '60000' });
    const { username, password } = TEST_USERS.manager;
    expect((await login(a, username, 'wrong', '10.0.0.1')).statusCode).toBe(401);
    expect((await login(a, username, 'wrong', '10.0.0.2')).statusCode).toBe(401);
    expectBffTooMany(await login(a, username, password, '10.0.0.3'), 60);
  });

  it('LOGIN_ATTEMPTS_PER_ADDRESS throttles an address', async () => {
    const a = await app({ LOGIN_ATTEMPTS_PER_ADDRESS: '3' });
    for (const name of ['a@x.test', 'b@x.test', 'c@x.test']) {
      expect((await login(a, name, 'wrong', '10.7.7.7')).statusCode).toBe(401);
    }
    expectBffTooMany(await login(a, TEST_USERS.admin.username, TEST_USERS.admin.password, '10.7.7.7'), 900);
    expect(
      (await login(a, TEST_USERS.admin.username, TEST_USERS.admin.password, '10.7.7.8')).statusCode,
    ).toBe(204);
  });

  it.each([
    ['API_BURST', '0'],
    ['API_RATE_PER_SECOND', '-1'],
    ['LOGIN_ATTEMPTS_PER_ACCOUNT', 'five'],
    ['LOGIN_WINDOW_MS', '10'],
    ['LOGIN_CONCURRENCY', '0'],
    ['LOGIN_QUEUE', '-1'],
  ])('refuses to start when %s is %s, naming it', async (name, value) => {
    await expect(buildTestApp(upstream, { env: { [name]: value } })).rejects.toThrow(name);
  });
});

describe("the upstream's own 429", () => {
  it('reaches the browser unchanged: status, Retry-After, rate headers and body, not marked as ours', async () => {
    const a = await app({});
    const cookie = await signIn(a, 'agent');
    const body = JSON.stringify({
      statusCode: 429,
      message: 'Rate limit exceeded',
      error: 'Too Many Requests',
    });
    upstream.respondWith((_req, res) => {
      res.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': '37',
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1767603600',
      });
      res.end(body);
    });
    const res = await a.inject({ method: 'GET', url: '/api/crm/v1/leads', headers: { cookie } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('37');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-reset']).toBe('1767603600');
    expect(res.headers['x-bff-error']).toBeUndefined();
    expect(res.body).toBe(body);
  });
});
