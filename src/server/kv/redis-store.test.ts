import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import type { Store } from './store';

let redis: TestRedis;
let upstream: RecordingUpstream;

beforeAll(async () => {
  redis = await startTestRedis();
  upstream = await startRecordingUpstream();
});
afterAll(async () => {
  await upstream?.close();
  await redis?.stop();
});

// The same behaviour from both stores; Redis keeps its own clock for expiry, so these checks use
// real, short windows there.
const freshPrefix = (): string => `t${Math.random().toString(36).slice(2)}:`;

describe.each([
  ['memory', async () => new MemoryStore()],
  ['redis', () => RedisStore.open(redis.url, { prefix: freshPrefix() })],
] as const)('%s store', (_name, make: () => Promise<Store>) => {
  it('keeps, returns and forgets sessions, honouring the TTL', async () => {
    const store = await make();
    try {
      const data = { username: 'ana@acme.test', createdAt: 1, lastSeenAt: 2 };
      await store.setSession('k1', data, 60_000);
      expect(await store.getSession('k1')).toEqual(data);
      expect(await store.getSession('k2')).toBeNull();
      await store.deleteSession('k1');
      expect(await store.getSession('k1')).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('runs a token bucket: burst, refusal with a wait, refill over time', async () => {
    const store = await make();
    try {
      const now = 1_000_000;
      for (let i = 0; i < 3; i++) expect((await store.takeToken('b', 2, 3, now)).allowed).toBe(true);
      const refused = await store.takeToken('b', 2, 3, now);
      expect(refused).toEqual({ allowed: false, retryAfterMs: 500 });
      expect((await store.takeToken('b', 2, 3, now + 500)).allowed).toBe(true);
      expect((await store.takeToken('b', 2, 3, now + 500)).allowed).toBe(false);
      expect((await store.takeToken('other', 2, 3, now)).allowed).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('counts an attempt on every counter or on none, refusing once any is full', async () => {
    const store = await make();
    try {
      const now = Date.now();
      const account = { key: 'acc', limit: 2 };
      const address = { key: 'ip', limit: 3 };
      expect(await store.takeAttempts([account, address], 60_000, now)).toEqual({
        allowed: true,
        retryAfterMs: 0,
      });
      expect((await store.takeAttempts([account, address], 60_000, now)).allowed).toBe(true);
      const refused = await store.takeAttempts([account, address], 60_000, now);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(50_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      // The refusal counted nothing: the address has exactly one attempt left.
      expect((await store.takeAttempts([address], 60_000, now)).allowed).toBe(true);
      expect((await store.takeAttempts([address], 60_000, now)).allowed).toBe(false);
      await store.returnAttempt('ip', now);
      expect((await store.takeAttempts([address], 60_000, now)).allowed).toBe(true);
      await store.resetCount('acc');
      expect((await store.takeAttempts([account], 60_000, now)).allowed).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('never gives back more than was counted', async () => {
    const store = await make();
    try {
      const now = Date.now();
      for (let i = 0; i < 3; i++) await store.returnAttempt('fresh', now);
      const one = { key: 'fresh', limit: 1 };
      expect((await store.takeAttempts([one], 60_000, now)).allowed).toBe(true);
      expect((await store.takeAttempts([one], 60_000, now)).allowed).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('lets exactly the limit of a parallel burst through', async () => {
    const store = await make();
    try {
      const now = Date.now();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          store.takeAttempts(
            [
              { key: 'burst', limit: 5 },
              { key: `ip${i}`, limit: 5 },
            ],
            60_000,
            now,
          ),
        ),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    } finally {
      await store.close();
    }
  });
});

describe('opening', () => {
  it('fails at once, naming REDIS_URL and why, when nothing listens there', async () => {
    await expect(RedisStore.open('redis://127.0.0.1:1')).rejects.toThrow(
      /^REDIS_URL: cannot connect \(.*ECONNREFUSED/,
    );
  });
});

describe('two stores on one Redis', () => {
  it('let exactly the limit of a burst split between them through', async () => {
    const prefix = freshPrefix();
    const [a, b]: [Store, Store] = await Promise.all([
      RedisStore.open(redis.url, { prefix }),
      RedisStore.open(redis.url, { prefix }),
    ]);
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? a : b).takeAttempts([{ key: 'shared', limit: 5 }], 60_000, Date.now()),
        ),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('two BFF instances on one Redis', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  const logs = new LogCapture();

  beforeAll(async () => {
    a = await buildTestApp(upstream, { logs, env: { REDIS_URL: redis.url } });
    b = await buildTestApp(upstream, { logs, env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('share sessions: signed in on one, known on the other, signed out everywhere', async () => {
    const cookie = await signIn(a, 'agent');
    expect((await b.inject({ method: 'GET', url: '/bff/me', headers: { cookie } })).json()).toMatchObject({
      role: 'agent',
    });
    expect(
      (await b.inject({ method: 'POST', url: '/auth/logout', headers: { ...sameOriginHeaders, cookie } }))
        .statusCode,
    ).toBe(204);
    expect((await a.inject({ method: 'GET', url: '/bff/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('share sign-in failure counters', async () => {
    const { username, password } = TEST_USERS.manager;
    const attempt = (app: FastifyInstance, pw: string) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: sameOriginHeaders,
        payload: { username, password: pw },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(i % 2 ? a : b, 'wrong')).statusCode).toBe(401);
    expect((await attempt(a, password)).statusCode).toBe(429);
    expect((await attempt(b, password)).statusCode).toBe(429);
  });
});
