import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, type Host } from '../../contract/routes';
import { rawRequest } from '../testing/raw-http';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { expectNoSecrets } from '../testing/secrets';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { signIn } from '../testing/test-users';

// Crafted request targets, sent byte for byte by a signed-in admin: whatever the BFF answers,
// nothing may reach an upstream path that the route table does not list.

const ID = '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10';
const CHANNEL = '0a7e1f0e-5b8a-4c6d-8e9f-112233445566';

const TRAVERSALS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%2e',
  '%252e%252e',
  '%25252e%25252e',
  '..%2f',
  '..%2F..%2F',
  '..%5c',
  '..\\',
  '%c0%ae%c0%ae',
  '%e0%80%ae%e0%80%ae',
  '\uff0e\uff0e',
  '%ef%bc%8e%ef%bc%8e',
  '%e2%80%a4%e2%80%a4',
  '..%ef%bc%8f',
  '..\u2215',
  '..%e2%88%95',
  '..;',
  '..%00',
  '%00',
  '..%0d%0a',
  '%0d%0aX-Injected:%201',
  '%09',
  '%20',
  '..%252f',
  '%2f',
  '%5c',
];

const TAILS = ['v1/leads', 'v1/customers/stats', '__fake/reset', 'v1/connect/channels', `contacts/${ID}`];

const ABSOLUTE = [
  'http://evil.example/v1/leads',
  'https:%2f%2fevil.example%2fv1%2fleads',
  '//evil.example/v1/leads',
  '@evil.example/v1/leads',
  'v1/leads@evil.example',
  '%40evil.example/v1/leads',
  'v1/leads#@evil.example',
  'v1/leads?x=1#frag',
  '\\\\evil.example\\v1\\leads',
  'v1/leads%3f..%2f',
  'v1/leads%23frag',
];

function targets(): [string, string][] {
  const out: [string, string][] = [];
  for (const mount of ['/api/crm', '/api/social'] as const) {
    for (const t of TRAVERSALS) {
      for (const tail of TAILS) out.push(['GET', `${mount}/${t}/${tail}`]);
      out.push(['GET', `${mount}/v1/leads/${t}`]);
      out.push(['GET', `${mount}/v1/leads/${ID}/${t}/${t}/v1/lead-stages`]);
      out.push(['GET', `${mount}/v1/chat/wa-groups/${t}?channelId=${CHANNEL}`]);
      out.push(['PATCH', `${mount}/v1/conversations/${t}/close`]);
      out.push(['DELETE', `${mount}/v1/leads/${ID}${t}`]);
    }
    for (const a of ABSOLUTE) out.push(['GET', `${mount}/${a}`]);
    out.push(['GET', `${mount}//v1/leads`]);
    out.push(['GET', `${mount}/v1//leads`]);
    out.push(['GET', `${mount}/v1/leads/`]);
    out.push(['GET', `${mount}/v1/leads/${'a'.repeat(2100)}`]);
    out.push(['GET', `${mount}/v1/leads?search=${'a'.repeat(2100)}`]);
    out.push(['GET', `${mount}/${'v1/'.repeat(700)}leads`]);
  }
  out.push(['GET', 'http://evil.example/api/crm/v1/leads']);
  out.push(['GET', '/api/crm/../social/v1/connect/channels']);
  out.push(['GET', '/api/crm/%2e%2e/social/v1/connect/channels']);
  out.push(['GET', '/api/%2e%2e/crm/v1/leads']);
  out.push(['GET', '/api%2fcrm/v1/leads']);
  out.push(['GET', '/API/CRM/v1/leads']);
  out.push(['GET', '/api/crm/V1/LEADS']);
  out.push(['GET', '/api/crm/v1/leads\r\nX-Injected: 1']);
  out.push(['GET', '/api/crm/v1/le\u0000ads']);
  return out;
}

const BASES: readonly [string, Host][] = [
  ['/social/api', 'social'],
  ['/crm/api', 'crm'],
];

/** The upstream request must name a route of the table once its base path is taken off. */
function onTable(method: string, url: string): boolean {
  const path = url.split('?', 1)[0]!;
  for (const [base, host] of BASES) {
    if (path.startsWith(`${base}/`)) {
      const rest = path.slice(base.length);
      const segments = rest.split('/').map((s) => decodeURIComponent(s));
      if (segments.some((s) => s === '.' || s === '..' || s.includes('/') || s.includes('\\'))) return false;
      return matchRoute(host, method, rest) !== null;
    }
  }
  return false;
}

let upstream: RecordingUpstream;
let app: FastifyInstance;
let port: number;
let cookie: string;
const logs = new LogCapture();

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  app = await buildTestApp(upstream, {
    logs,
    env: { API_RATE_PER_SECOND: '1000', API_BURST: '10000' },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  cookie = await signIn(app, 'admin');
});
afterAll(async () => {
  await app.close();
  await upstream.close();
  expectNoSecrets(logs.text(), [cookie]);
});

describe('path fuzz', () => {
  const cases = targets();

  it('has at least 200 crafted targets', () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
  });

  it('reaches no upstream path outside the route table, whatever the target', async () => {
    const statuses = new Map<number, number>();
    for (const [method, target] of cases) {
      upstream.requests.length = 0;
      const res = await rawRequest(port, method, target, {
        Cookie: cookie,
        Origin: 'http://127.0.0.1',
        'X-CSRF': '1',
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      for (const seen of upstream.requests) {
        expect(onTable(seen.method, seen.url), `${method} ${target} reached ${seen.method} ${seen.url}`).toBe(
          true,
        );
        // A raw CRLF ends the request line itself: what is left is an ordinary request for a
        // listed path, and the injected line arrives as a header the allowlist drops.
        expect(seen.headers['x-injected']).toBeUndefined();
      }
      if (upstream.requests.length === 0)
        expect([400, 404], `${method} ${JSON.stringify(target)}`).toContain(res.status);
    }
    // Nearly all refused by the BFF (404) or by Node's HTTP parser (400) before any matching.
    expect((statuses.get(404) ?? 0) + (statuses.get(400) ?? 0)).toBeGreaterThanOrEqual(cases.length - 1);
  });

  it('still forwards the legitimate neighbours of those targets', async () => {
    for (const target of [
      `/api/crm/v1/leads/${ID}`,
      `/api/social/v1/chat/wa-groups/120363025246125486%40g.us?channelId=${CHANNEL}`,
    ]) {
      upstream.requests.length = 0;
      const res = await rawRequest(port, 'GET', target, { Cookie: cookie });
      expect(res.status).toBe(200);
      expect(upstream.requests).toHaveLength(1);
      expect(onTable('GET', upstream.requests[0]!.url)).toBe(true);
    }
  });
});
