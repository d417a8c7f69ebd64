import { describe, expect, it } from 'vitest';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from '../auth/sessions';
import { sessionHarness } from '../testing/session-harness';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

const MINUTE = 60_000;
const { appWithClock, me, login, track, seen } = sessionHarness();

describe('sign-in', () => {
  it('answers 204 with a session cookie, and /bff/me is 401 without it', async () => {
    const { app } = await appWithClock();
    expect((await me(app, '')).statusCode).toBe(401);
    const res = await login(app, TEST_USERS.agent.username, TEST_USERS.agent.password);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cookie = res.cookies[0]!;
    seen(`${cookie.name}=${cookie.value}`);
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
    seen(value.split(';')[0]!);
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
    seen(after);
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
