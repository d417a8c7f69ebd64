import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from '../auth/sessions';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { expectNoSecrets } from '../testing/secrets';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

const MINUTE = 60_000;

let upstream: RecordingUpstream;
const logs = new LogCapture();
const seenCookies: string[] = [];
const apps: FastifyInstance[] = [];

/** An app whose clock the test moves. */
async function appWithClock(
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; advance(ms: number): void }> {
  let now = Date.UTC(2026, 0, 5, 9, 0, 0);
  const app = await buildTestApp(upstream, { logs, clock: () => now, env });
  apps.push(app);
  return { app, advance: (ms) => (now += ms) };
}

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/bff/me', headers: { cookie } });
const login = (app: FastifyInstance, username: string, password: string, ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: sameOriginHeaders,
    payload: { username, password },
    remoteAddress: ip,
  });

const track = async (cookie: Promise<string>): Promise<string> => {
  const c = await cookie;
  seenCookies.push(c);
  return c;
};

beforeAll(async () => {
  upstream = await startRecordingUpstream();
});
afterEach(async () => {
  while (apps.length) await apps.pop()!.close();
});
afterAll(async () => {
  await upstream.close();
  expectNoSecrets(logs.text(), seenCookies);
});

describe('sign-in', () => {
  it('answers 204 with a session cookie, and /bff/me is 401 without it', async () => {
    const { app } = await appWithClock();
    expect((await me(app, '')).statusCode).toBe(401);
    const res = await login(app, TEST_USERS.agent.username, TEST_USERS.agent.password);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cookie = res.cookies[0]!;
    seenCookies.push(`${cookie.name}=${cookie.value}`);
    expect((await me(app, `${cookie.name}=${cookie.value}`)).json()).toMatchObject({ role: 'agent' });
  });

  it('accepts the username in any case and with spaces around it', async () => {
    const { app } = await appWithClock();
    const res = await login(app, `  ${TEST_USERS.admin.username.toUpperCase()} `, TEST_USERS.admin.password);
    expect(res.statusCode).toBe(204);
  });

  it('refuses a wrong password or an unknown user with the same 401', async () => {
    const { app } = await appWithClock();
    const wrong = await login(app, TEST_USERS.agent.username, 'nope');
    const unknown = await login(app, 'nobody@test.example', 'nope');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.json()).toEqual({
        statusCode: 401,
        message: 'Wrong username or password',
        error: 'Unauthorized',
      });
    }
  });

  it('refuses a malformed body with field errors', async () => {
    const { app } = await appWithClock();
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: sameOriginHeaders,
      payload: { username: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string[] }>().message.some((m) => m.startsWith('password'))).toBe(true);
  });
});

describe('cookie attributes', () => {
  const setCookieOf = async (env: Record<string, string>, headers: Record<string, string> = {}) => {
    const { app } = await appWithClock(env);
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { ...sameOriginHeaders, ...headers },
      payload: { username: TEST_USERS.agent.username, password: TEST_USERS.agent.password },
    });
    expect(res.statusCode).toBe(204);
    const header = res.headers['set-cookie'];
    const value = Array.isArray(header) ? header[0]! : header!;
    seenCookies.push(value.split(';')[0]!);
    return value;
  };

  it('is an unprefixed sid without Secure on plain-HTTP loopback', async () => {
    const header = await setCookieOf({ HOST: '127.0.0.1' });
    expect(header).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  it('is __Host-sid with Secure behind a TLS-terminating proxy', async () => {
    const header = await setCookieOf(
      { HOST: '127.0.0.1', TRUST_PROXY: 'true' },
      { 'x-forwarded-proto': 'https', origin: 'https://bff.test' },
    );
    expect(header).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(header).not.toMatch(/Domain=/i);
  });

  it('is __Host-sid with Secure when listening beyond loopback', async () => {
    const header = await setCookieOf({ HOST: '0.0.0.0' });
    expect(header).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
  });

  it('carries 256 random bits: 32 bytes in base64url, new at every sign-in', async () => {
    const { app } = await appWithClock();
    const values = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const c = await track(signIn(app, 'agent'));
      const value = c.split('=')[1]!;
      expect(Buffer.from(value, 'base64url')).toHaveLength(32);
      values.add(value);
    }
    expect(values.size).toBe(5);
  });
});

describe('session lifetime', () => {
  it('ends at sign-out: the old cookie no longer works anywhere', async () => {
    const { app } = await appWithClock();
    const cookie = await track(signIn(app, 'manager'));
    expect((await me(app, cookie)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...sameOriginHeaders, cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await me(app, cookie)).statusCode).toBe(401);
    const api = await app.inject({ method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie } });
    expect(api.statusCode).toBe(401);
    expect(api.headers['x-bff-error']).toBe('1');
  });

  it('rotates the id at sign-in: a cookie planted before sign-in is not authenticated after it', async () => {
    const { app } = await appWithClock();
    const before = await track(signIn(app, 'agent'));
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { ...sameOriginHeaders, cookie: before },
      payload: { username: TEST_USERS.admin.username, password: TEST_USERS.admin.password },
    });
    const after = `${res.cookies[0]!.name}=${res.cookies[0]!.value}`;
    seenCookies.push(after);
    expect(after).not.toBe(before);
    expect((await me(app, before)).statusCode).toBe(401);
    expect((await me(app, after)).json()).toMatchObject({ role: 'admin' });
  });

  it('expires after 30 idle minutes', async () => {
    const { app, advance } = await appWithClock();
    const cookie = await track(signIn(app, 'agent'));
    advance(IDLE_TIMEOUT_MS - MINUTE);
    expect((await me(app, cookie)).statusCode).toBe(200);
    advance(IDLE_TIMEOUT_MS);
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it('stays alive while used, until 12 hours after sign-in', async () => {
    const { app, advance } = await appWithClock();
    const cookie = await track(signIn(app, 'agent'));
    let elapsed = 0;
    while (elapsed + 20 * MINUTE < ABSOLUTE_TIMEOUT_MS) {
      advance(20 * MINUTE);
      elapsed += 20 * MINUTE;
      expect((await me(app, cookie)).statusCode, `after ${elapsed / MINUTE} min`).toBe(200);
    }
    advance(ABSOLUTE_TIMEOUT_MS - elapsed);
    expect((await me(app, cookie)).statusCode).toBe(401);
  });

  it('refuses made-up and malformed cookie values', async () => {
    const { app } = await appWithClock();
    for (const cookie of [
      'sid=',
      'sid=abc',
      `sid=${'A'.repeat(43)}`,
      'sid=../../etc',
      `__Host-sid=${'B'.repeat(43)}`,
    ]) {
      expect((await me(app, cookie)).statusCode).toBe(401);
    }
  });
});

describe('throttling', () => {
  it('throttles an account after 5 failures in 15 minutes, even with the right password, then lets it in again', async () => {
    const { app, advance } = await appWithClock();
    const { username, password } = TEST_USERS.agent;
    for (let i = 0; i < 5; i++) {
      // Different addresses, so it is the account's counter that trips.
      expect((await login(app, username, 'wrong', `10.0.1.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(app, username, password, '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['x-bff-error']).toBe('1');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    advance(15 * MINUTE + 1000);
    expect((await login(app, username, password, '10.0.2.1')).statusCode).toBe(204);
  });

  it('throttles an address after 5 failures whatever the account', async () => {
    const { app } = await appWithClock();
    const names = ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test'];
    for (const name of names) expect((await login(app, name, 'wrong', '10.9.9.9')).statusCode).toBe(401);
    const res = await login(app, TEST_USERS.admin.username, TEST_USERS.admin.password, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect(
      (await login(app, TEST_USERS.admin.username, TEST_USERS.admin.password, '10.9.9.10')).statusCode,
    ).toBe(204);
  });

  it('limits the API to bursts of 100 per session, refilled at 20 per second', async () => {
    const { app, advance } = await appWithClock();
    const cookie = await track(signIn(app, 'agent'));
    const call = () => app.inject({ method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie } });
    for (let i = 0; i < 100; i++) expect((await call()).statusCode).toBe(200);
    upstream.requests.length = 0;
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-bff-error']).toBe('1');
    expect(refused.headers['retry-after']).toBe('1');
    expect(upstream.requests).toHaveLength(0);
    advance(500);
    for (let i = 0; i < 10; i++) expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
    // Another session has its own bucket.
    const other = await track(signIn(app, 'manager'));
    expect(
      (await app.inject({ method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie: other } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('audit', () => {
  it('logs sign-in, sign-out and state-changing calls with who, route and status, never a secret', async () => {
    const local = new LogCapture();
    const app = await buildTestApp(upstream, { logs: local });
    apps.push(app);
    await login(app, TEST_USERS.agent.username, 'wrong-password');
    // Someone typing their password into the username field: it must not land in the log.
    await login(app, 'Typed-Password-In-Name-Field', 'whatever');
    const cookie = await track(signIn(app, 'agent'));
    await app.inject({
      method: 'PATCH',
      url: '/api/social/v1/conversations/6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10/close',
      headers: { ...sameOriginHeaders, cookie },
    });
    await app.inject({
      method: 'DELETE',
      url: '/api/crm/v1/lead-stages/6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10',
      headers: { ...sameOriginHeaders, cookie },
    });
    await app.inject({ method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie } });
    await app.inject({ method: 'POST', url: '/auth/logout', headers: { ...sameOriginHeaders, cookie } });
    const lines = local.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => 'audit' in l);
    const summary = lines.map((l) => [l.audit, l.user, l.routeId ?? null, l.status]);
    expect(summary).toEqual([
      ['login-failed', TEST_USERS.agent.username, null, 401],
      ['login-failed', null, null, 401],
      ['login', TEST_USERS.agent.username, null, 204],
      ['api', TEST_USERS.agent.username, 'conversations.close', 200],
      ['api', TEST_USERS.agent.username, 'leadStages.delete', 403],
      ['logout', TEST_USERS.agent.username, null, 204],
    ]);
    expectNoSecrets(local.text(), seenCookies);
    expect(local.text()).not.toContain('wrong-password');
    expect(local.text().toLowerCase()).not.toContain('typed-password-in-name-field');
  });
});
