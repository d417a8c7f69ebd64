import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Password from '../auth/password';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { expectNoSecrets } from '../testing/secrets';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// Sign-in attempts sent all at once. The attempt is counted before the password is checked, so
// no burst gets more checks than the limit (5 by default), on one instance or on several sharing
// Redis; and the checks queue for their turn, so a burst never stalls static files or the proxy.

// Counts the password checks that actually run (scrypt), known account or not.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof Password>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      checks.count += 1;
      return real.verifyPassword(password, stored);
    },
    burnPasswordCheck: (password: string) => {
      checks.count += 1;
      return real.burnPasswordCheck(password);
    },
  };
});

let upstream: RecordingUpstream;
let redis: TestRedis;
let staticDir: string;
const logs = new LogCapture();
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  redis = await startTestRedis();
  staticDir = mkdtempSync(join(tmpdir(), 'bff-burst-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg/>');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await redis?.stop();
  await upstream?.close();
  rmSync(staticDir, { recursive: true, force: true });
  expectNoSecrets(logs.text());
  expect(logs.text()).not.toContain('wrong-');
});

/** An app closed at the end of the file (closing one twice is harmless). */
async function build(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildTestApp(upstream, { logs, env: { STATIC_DIR: staticDir, ...env } });
  apps.push(app);
  return app;
}

const login = (app: FastifyInstance, username: string, password: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: sameOriginHeaders,
    payload: { username, password },
    remoteAddress: ip,
  });

const statuses = (replies: readonly { statusCode: number }[]): Record<number, number> => {
  const out: Record<number, number> = {};
  for (const r of replies) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
};

/** Redis outlives an app: each case starts from empty counters. */
async function flushRedis(): Promise<void> {
  const client = new Redis(redis.url);
  await client.flushall();
  client.disconnect();
}

describe.each([
  ['the memory store, one instance', [{}]],
  ['Redis, one instance', [{ redis: true }]],
  ['Redis, two instances', [{ redis: true }, { redis: true }]],
] as const)('%s', (_label, instances: readonly { redis?: boolean }[]) => {
  let pool: FastifyInstance[] = [];
  beforeEach(async () => {
    await flushRedis();
    pool = [];
    for (const i of instances) pool.push(await build(i.redis ? { REDIS_URL: redis.url } : {}));
  });
  afterEach(async () => {
    for (const app of pool) await app.close();
  });
  // Calls alternate between the instances.
  const on = (i: number): FastifyInstance => pool[i % pool.length]!;

  it('checks at most 5 of 40 wrong passwords sent at once, and the 41st, right, one is refused', async () => {
    const { username, password } = TEST_USERS.agent;
    checks.count = 0;
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(on(i), username, `wrong-${i}`, `10.1.0.${i}`)),
    );
    expect(checks.count).toBe(5);
    expect(statuses(replies)).toEqual({ 401: 5, 429: 35 });
    for (const r of replies.filter((x) => x.statusCode === 429)) {
      expect(r.headers['x-bff-error']).toBe('1');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    const right = await login(on(1), username, password, '10.1.1.1');
    expect(right.statusCode).toBe(429);
    expect(checks.count).toBe(5);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('checks at most 5 of 40 attempts from one address, whatever the accounts', async () => {
    checks.count = 0;
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(on(i), `nobody-${i}@x.test`, 'wrong', '10.2.9.9')),
    );
    expect(checks.count).toBe(5);
    expect(statuses(replies)).toEqual({ 401: 5, 429: 35 });
  });

  it("clears the account's count at a successful sign-in", async () => {
    const { username, password } = TEST_USERS.manager;
    for (let i = 0; i < 4; i++)
      expect((await login(on(i), username, 'no', `10.3.0.${i}`)).statusCode).toBe(401);
    expect((await login(on(0), username, password, '10.3.1.1')).statusCode).toBe(204);
    const again = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(on(i), username, 'no', `10.3.2.${i}`)),
    );
    expect(statuses(again)).toEqual({ 401: 5, 429: 3 });
  });

  it('does not count successful sign-ins against an address (colleagues behind one NAT)', async () => {
    for (let i = 0; i < 12; i++) {
      const { username, password } = TEST_USERS[(['agent', 'manager', 'admin'] as const)[i % 3]!];
      expect((await login(on(i), username, password, '10.4.5.5')).statusCode).toBe(204);
    }
  });
});

describe('password checks wait for their turn', () => {
  it('refuses with 503 and Retry-After once the queue is full, counting nothing for those', async () => {
    const app = await build({
      LOGIN_CONCURRENCY: '1',
      LOGIN_QUEUE: '2',
      LOGIN_ATTEMPTS_PER_ACCOUNT: '4',
      LOGIN_ATTEMPTS_PER_ADDRESS: '1000',
    });
    const { username, password } = TEST_USERS.admin;
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(app, username, 'wrong', `10.200.0.${i}`)),
    );
    // One running and two waiting are checked; the other seven are turned away at once.
    expect(statuses(replies)).toEqual({ 401: 3, 503: 7 });
    for (const r of replies.filter((x) => x.statusCode === 503)) {
      expect(r.headers['x-bff-error']).toBe('1');
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    }
    // Only the three checks counted against the account: its fourth attempt is still allowed.
    expect((await login(app, username, password, '10.200.1.1')).statusCode).toBe(204);
  });

  it('keeps static files and proxied calls answering while a burst of sign-ins is queued', async () => {
    const app = await build({ LOGIN_ATTEMPTS_PER_ACCOUNT: '1000', LOGIN_ATTEMPTS_PER_ADDRESS: '1000' });
    const cookie = await signIn(app, 'admin');
    const BURST = 24;
    let finished = 0;
    const signIns = Array.from({ length: BURST }, (_, i) =>
      login(app, TEST_USERS.agent.username, `wrong-${i}`, `10.201.0.${i}`).then((r) => {
        finished += 1;
        return r;
      }),
    );
    // Asked after the whole burst: each answers while most of the burst still waits. Without a
    // bound every check would hold a thread of libuv's pool and the file read would queue behind
    // nearly all of them.
    const [file, proxied] = await Promise.all([
      app.inject({ method: 'GET', url: '/favicon.svg' }).then((r) => ({ r, finishedBefore: finished })),
      app
        .inject({ method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie } })
        .then((r) => ({ r, finishedBefore: finished })),
    ]);
    expect(file.r.statusCode).toBe(200);
    expect(file.r.body).toBe('<svg/>');
    expect(proxied.r.statusCode).toBe(200);
    expect(file.finishedBefore).toBeLessThan(BURST / 2);
    expect(proxied.finishedBefore).toBeLessThan(BURST / 2);
    expect(statuses(await Promise.all(signIns))).toEqual({ 401: BURST });
  });
});
