import { describe, expect, it } from 'vitest';
import { expectNoSecrets } from '../testing/secrets';
import { sessionHarness } from '../testing/session-harness';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// Sign-in throttling (per account and per address) and what the audit log records of sign-ins.

const MINUTE = 60_000;
const { appWithClock, login, track, upstream, closeAfter, cookies } = sessionHarness();

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
    upstream().requests.length = 0;
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-bff-error']).toBe('1');
    expect(refused.headers['retry-after']).toBe('1');
    expect(upstream().requests).toHaveLength(0);
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
    const app = await buildTestApp(upstream(), { logs: local });
    closeAfter(app);
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
    expectNoSecrets(local.text(), cookies());
    expect(local.text()).not.toContain('wrong-password');
    expect(local.text().toLowerCase()).not.toContain('typed-password-in-name-field');
  });
});
