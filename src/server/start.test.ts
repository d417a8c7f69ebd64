import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';
import { DEMO_USERS } from './auth/users';
import { startBff } from './start';
import { LogCapture } from './testing/test-app';

describe('startBff in demo mode', () => {
  it('serves the embedded fake with the Acme key, says demo mode and never logs the key', async () => {
    const logs = new LogCapture();
    const running = await startBff(parseConfig({ PORT: '0', STATIC_DIR: '/nonexistent' }), {
      logStream: logs,
    });
    try {
      const ready = await fetch(`${running.origin}/readyz`);
      expect(ready.status).toBe(200);
      expect((await fetch(`${running.origin}/api/crm/v1/lead-stages`)).status).toBe(401);
      // Exactly what the e2e fixture does: sign in as a demo user, same-origin, with X-CSRF.
      const roles: Record<string, string> = {};
      for (const { username, password } of DEMO_USERS) {
        const login = await fetch(`${running.origin}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: running.origin },
          body: JSON.stringify({ username, password }),
        });
        expect(login.status).toBe(204);
        const setCookie = login.headers.get('set-cookie') ?? '';
        expect(setCookie).toMatch(/^sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
        const cookie = setCookie.split(';')[0]!;
        const me = await fetch(`${running.origin}/bff/me`, { headers: { cookie } });
        roles[username] = ((await me.json()) as { role: string }).role;
      }
      expect(roles).toEqual({
        'ana@acme.test': 'agent',
        'marco@acme.test': 'manager',
        'ada@acme.test': 'admin',
      });
      const login = await fetch(`${running.origin}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: running.origin },
        body: JSON.stringify({ username: 'ana@acme.test', password: 'agent-demo-pass' }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const stages = await fetch(`${running.origin}/api/crm/v1/lead-stages`, { headers: { cookie } });
      expect(stages.status).toBe(200);
      expect(Array.isArray(await stages.json())).toBe(true);
      expect(logs.text()).toContain('demo mode');
      expect(logs.text()).not.toContain('demo-admin-key');
    } finally {
      await running.close();
    }
    // A cold start as deployed: the embedded database's initdb, the migrations and the job queue's
    // install, on a machine that runs the rest of the suite beside it.
  }, 60_000);

  it('refuses to listen on anything but loopback', async () => {
    await expect(
      startBff(parseConfig({ PORT: '0', HOST: '0.0.0.0' }), { logStream: new LogCapture() }),
    ).rejects.toThrow(ConfigError);
  });
});
