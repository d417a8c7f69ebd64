import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { proxyHarness } from '../testing/proxy-harness';
import { buildTestApp, LogCapture, TEST_KEY } from '../testing/test-app';
import { signIn } from '../testing/test-users';

// What the proxy answers when the upstream fails, is unreachable or slow, and that the key never
// leaves the BFF (in answers or logs).

const { upstream, logs, call } = proxyHarness();

describe('upstream failures', () => {
  it('passes upstream 4xx and 5xx bodies through unchanged', async () => {
    for (const status of [400, 403, 404, 500, 503]) {
      upstream().respondWith((_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: status, message: `upstream says ${status}`, error: 'X' }));
      });
      const res = await call({ method: 'GET', url: '/api/crm/v1/lead-stages' });
      expect(res.statusCode).toBe(status);
      expect(res.headers['x-bff-error']).toBeUndefined();
      expect(res.json()).toEqual({ statusCode: status, message: `upstream says ${status}`, error: 'X' });
    }
    upstream().respondWith((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url }));
    });
  });

  it('turns an upstream 401 into a 502 that says the workspace key was refused, and logs it without the key', async () => {
    upstream().respondWith((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'content-length': '61' });
      res.end(
        JSON.stringify({ statusCode: 401, message: 'Invalid API key xyz', error: 'Unauth' }).padEnd(61),
      );
    });
    const res = await call({ method: 'GET', url: '/api/crm/v1/lead-stages' });
    expect(res.statusCode).toBe(502);
    expect(res.headers['x-bff-error']).toBe('1');
    expect(res.json<{ message: string }>().message).toMatch(/workspace API key was refused/);
    expect(logs().text()).toMatch(/refused the workspace API key/);
    expect(logs().text()).not.toContain(TEST_KEY);
    expect(res.body).not.toContain(TEST_KEY);
  });
});

describe('upstream unreachable or slow', () => {
  it('answers 502 when the upstream refuses connections', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const dead = {
      socialBase: `http://127.0.0.1:${port}/social/api`,
      crmBase: `http://127.0.0.1:${port}/crm/api`,
    };
    const deadApp = await buildTestApp(dead, { logs: logs() });
    try {
      const res = await call(
        { method: 'GET', url: '/api/crm/v1/lead-stages' },
        deadApp,
        await signIn(deadApp, 'admin'),
      );
      expect(res.statusCode).toBe(502);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.json()).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    } finally {
      await deadApp.close();
    }
  });

  it('answers 504 when the upstream is slower than UPSTREAM_TIMEOUT_MS', async () => {
    upstream().respondWith((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      }, 2500);
    });
    // undici checks header timeouts on a coarse (about half a second) timer wheel.
    const slowApp = await buildTestApp(upstream(), { logs: logs(), env: { UPSTREAM_TIMEOUT_MS: '100' } });
    try {
      const res = await call(
        { method: 'GET', url: '/api/crm/v1/lead-stages' },
        slowApp,
        await signIn(slowApp, 'admin'),
      );
      expect(res.statusCode).toBe(504);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.json()).toMatchObject({ statusCode: 504, error: 'Gateway Timeout' });
    } finally {
      await slowApp.close();
      upstream().respondWith((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ url: req.url }));
      });
    }
  });
});

describe('the key stays in the BFF', () => {
  it('appears in no response body or header and no log line', async () => {
    upstream().respondWith((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: req.url }));
    });
    const debugLogs = new LogCapture();
    const debugApp = await buildTestApp(upstream(), { logs: debugLogs, env: { LOG_LEVEL: 'trace' } });
    try {
      const urls = ['/api/crm/v1/lead-stages', '/api/crm/v1/nope', '/healthz', '/readyz', '/bff/team'];
      for (const url of urls) {
        const res = await debugApp.inject({
          method: 'GET',
          url,
          headers: { cookie: 'sid=abc', 'x-api-key': 'other' },
        });
        expect(res.body).not.toContain(TEST_KEY);
        expect(JSON.stringify(res.headers)).not.toContain(TEST_KEY);
      }
      expect(debugLogs.lines.length).toBeGreaterThan(0);
      expect(debugLogs.text()).not.toContain(TEST_KEY);
    } finally {
      await debugApp.close();
    }
  });
});
