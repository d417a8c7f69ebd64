import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './headers';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { SAMPLES } from '../testing/route-samples';
import { expectNoSecrets } from '../testing/secrets';
import { buildTestApp, LogCapture, TEST_KEY, TEST_TENANT } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_HOST } from '../testing/test-users';

const BROWSER = {
  authorization: 'Bearer browser-token-123',
  'x-api-key': 'browser-supplied-key',
  'x-tenant-id': '22222222-2222-4222-8222-222222222222',
  'proxy-authorization': 'Basic abc',
  forwarded: 'for=1.2.3.4',
  'x-forwarded-for': '1.2.3.4',
  'x-forwarded-host': 'evil.example',
  'x-original-url': '/v1/secret',
};

let upstream: RecordingUpstream;
let app: FastifyInstance;
let dir: string;
let cookie: string;
const logs = new LogCapture();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bff-sec-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  upstream = await startRecordingUpstream();
  app = await buildTestApp(upstream, {
    logs,
    env: { STATIC_DIR: dir, API_RATE_PER_SECOND: '1000', API_BURST: '1000' },
  });
  cookie = await signIn(app, 'admin');
});
afterAll(async () => {
  await app.close();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
  expectNoSecrets(logs.text(), [cookie]);
});
beforeEach(() => {
  upstream.requests.length = 0;
});

describe('credentials', () => {
  it('never forwards what the browser sent as credentials, and always sends the configured key and tenant', async () => {
    const responses: string[] = [];
    for (const sample of SAMPLES) {
      const res = await app.inject({
        method: sample.method,
        url: sample.url,
        headers: {
          ...sameOriginHeaders,
          ...BROWSER,
          cookie: `${cookie}; theme=dark; other_sid=xyz`,
          ...(sample.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(sample.payload !== undefined ? { payload: sample.payload } : {}),
      });
      expect(res.statusCode, sample.route.id).toBe(200);
      responses.push(JSON.stringify(res.headers), res.body);
    }
    expect(upstream.requests).toHaveLength(SAMPLES.length);
    for (const seen of upstream.requests) {
      expect(seen.headers['x-api-key']).toBe(TEST_KEY);
      expect(seen.headers['x-tenant-id']).toBe(TEST_TENANT);
      expect(seen.headers.cookie).toBeUndefined();
      expect(seen.headers.authorization).toBeUndefined();
      for (const name of Object.keys(BROWSER)) {
        if (name === 'x-api-key' || name === 'x-tenant-id') continue;
        expect(seen.headers[name], name).toBeUndefined();
      }
      expect(seen.headers['x-csrf']).toBeUndefined();
      expect(seen.headers.origin).toBeUndefined();
      expect(JSON.stringify(seen.headers)).not.toContain(cookie.split('=')[1]);
    }
    expectNoSecrets(responses.join('\n'), [cookie]);
  });

  it('never lets an upstream Set-Cookie through', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Record<string, unknown>, label: string): void => {
    expect(headers['content-security-policy'], label).toBe(CONTENT_SECURITY_POLICY);
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['referrer-policy'], label).toBe('no-referrer');
  };

  it('spells the CSP the brief pins, with no inline script', () => {
    expect(CONTENT_SECURITY_POLICY).toContain(
      "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'",
    );
    expect(CONTENT_SECURITY_POLICY).toContain(
      "frame-ancestors 'none'; img-src 'self' https: data:; media-src 'self' https:",
    );
    expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self' 'unsafe-inline'; connect-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('are on every kind of response', async () => {
    const cases: [string, InjectOptions][] = [
      ['SPA', { method: 'GET', url: '/', headers: { accept: 'text/html' } }],
      ['SPA fallback', { method: 'GET', url: '/inbox', headers: { accept: 'text/html' } }],
      ['proxied API', { method: 'GET', url: '/api/crm/v1/lead-stages', headers: { cookie } }],
      ['BFF 404', { method: 'GET', url: '/api/crm/v1/nope', headers: { cookie } }],
      ['401', { method: 'GET', url: '/bff/me' }],
      ['403 CSRF', { method: 'POST', url: '/auth/logout' }],
      ['health', { method: 'GET', url: '/healthz' }],
      ['malformed URL', { method: 'GET', url: '/api/crm/%zz' }],
      [
        'sign-in',
        {
          method: 'POST',
          url: '/auth/login',
          headers: sameOriginHeaders,
          payload: { username: 'x', password: 'y' },
        },
      ],
    ];
    for (const [label, request] of cases) {
      const res = await app.inject(request);
      expectHeaders(res.headers, label);
      expect(res.headers['strict-transport-security'], label).toBeUndefined();
    }
  });

  it('adds HSTS only when served over HTTPS behind a trusted proxy', async () => {
    const proxied = await buildTestApp(upstream, { logs, env: { TRUST_PROXY: 'true' } });
    try {
      const https = await proxied.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https', host: TEST_HOST },
      });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}/);
      const http = await proxied.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY a forwarded-proto header is not believed.
    const spoofed = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
