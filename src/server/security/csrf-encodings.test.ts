import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/raw-http';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { SAMPLES } from '../testing/route-samples';
import { expectNoSecrets } from '../testing/secrets';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { signIn } from '../testing/test-users';

// `POST /%61uth/logout` with a text/plain body from another site used to sign the user out: the
// CSRF check tested the raw URL with a regex while the router matched the decoded path. Every
// state-changing route, the proxy's and the BFF's own, is sent here in spellings a router or a
// proxy might still match, byte for byte over a socket (inject() would normalise them), from a
// cross-site page without X-CSRF. None may get through.

const OWN_ROUTES = [
  { method: 'POST', path: '/auth/login' },
  { method: 'POST', path: '/auth/logout' },
] as const;

const STATE_CHANGING = [
  ...OWN_ROUTES,
  ...SAMPLES.filter((s) => s.route.mutates).map((s) => ({ method: s.method, path: s.url })),
];

const hex = (c: string, upper: boolean): string => {
  const h = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? h.toUpperCase() : h}`;
};

/** Spellings of one path: each segment percent-encoded (first character, all of it, either hex
 *  case), upper-cased, doubled slashes, trailing dots and slashes, dot segments. */
function spellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const join = (parts: readonly string[]): string => `/${parts.join('/')}`;
  const out = new Set<string>();
  segments.forEach((segment, i) => {
    const at = (replacement: string): string => join(segments.map((s, k) => (k === i ? replacement : s)));
    for (const upper of [false, true]) {
      out.add(at(hex(segment[0]!, upper) + segment.slice(1)));
      out.add(at([...segment].map((c) => hex(c, upper)).join('')));
    }
    out.add(at(segment.toUpperCase()));
    out.add(at(segment[0]!.toUpperCase() + segment.slice(1)));
    out.add(at(`${segment}.`));
    out.add(at(`${segment}%2e`));
    out.add(at(`${segment};x`));
    out.add(at(`./${segment}`));
    out.add(at(`x/../${segment}`));
    out.add(join([...segments.slice(0, i), '', ...segments.slice(i)]));
  });
  out.add(`${path}/`);
  out.add(`${path}.`);
  out.add(`${path}/.`);
  out.add(`/${path}`);
  out.add(`${path}?x=1`);
  out.add(`${path}#x`);
  out.add(path);
  return [...out];
}

let upstream: RecordingUpstream;
let app: FastifyInstance;
let port: number;
let cookie: string;
const logs = new LogCapture();

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  app = await buildTestApp(upstream, { logs, env: { API_RATE_PER_SECOND: '1000', API_BURST: '10000' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  cookie = await signIn(app, 'admin');
});
beforeEach(() => {
  upstream.requests.length = 0;
});
afterAll(async () => {
  await app.close();
  await upstream.close();
  expectNoSecrets(logs.text(), [cookie]);
});

const stillSignedIn = async (c: string): Promise<boolean> =>
  (await app.inject({ method: 'GET', url: '/bff/me', headers: { cookie: c } })).statusCode === 200;

const crossSite = (c: string) => ({
  Cookie: c,
  Origin: 'https://evil.example',
  'Content-Type': 'text/plain',
});

describe('CSRF whatever the spelling of the path', () => {
  const cases = STATE_CHANGING.flatMap(({ method, path }) =>
    spellings(path).map((p) => [method, p] as const),
  );

  it('covers every state-changing route of the table and the BFF’s own, in many spellings', () => {
    const routes = new Set(STATE_CHANGING.map((r) => `${r.method} ${r.path}`));
    expect(routes.size).toBe(SAMPLES.filter((s) => s.route.mutates).length + OWN_ROUTES.length);
    expect(cases.length).toBeGreaterThan(routes.size * 30);
  });

  it('refuses every one from another site without X-CSRF: 403 (or 400 unparsed), nothing forwarded', async () => {
    const body = JSON.stringify({ username: 'admin@test.example', password: 'x', text: 'Hello' });
    const outcomes = new Map<number, number>();
    for (const [method, target] of cases) {
      const res = await rawRequest(port, method, target, crossSite(cookie), body);
      outcomes.set(res.status, (outcomes.get(res.status) ?? 0) + 1);
      expect([400, 403], `${method} ${target}: ${res.status}`).toContain(res.status);
      if (res.status === 403) expect(res.head).toMatch(/\r\nx-bff-error: 1\r\n/i);
    }
    expect(upstream.requests).toEqual([]);
    expect(await stillSignedIn(cookie)).toBe(true);
    // The parser refuses only what is not HTTP (a fragment in the target): the rest reached our hook.
    expect(outcomes.get(403) ?? 0).toBeGreaterThan(cases.length * 0.9);
  });

  it('is not fooled by another method name for a write either', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'PROPFIND', 'MKCOL']) {
      const res = await rawRequest(port, method, '/%61uth/logout', crossSite(cookie));
      expect([400, 403, 405], method).toContain(res.status);
    }
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it('lets the same spelling through with X-CSRF from the same origin (the router does decode it)', async () => {
    const own = await signIn(app, 'agent');
    const res = await rawRequest(port, 'POST', '/%61uth/logout', {
      Cookie: own,
      Origin: 'http://127.0.0.1',
      'X-CSRF': '1',
    });
    expect(res.status).toBe(204);
    expect(await stillSignedIn(own)).toBe(false);
  });
});
