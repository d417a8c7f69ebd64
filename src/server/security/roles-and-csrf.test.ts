import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../contract/bff';
import { ROUTES, type RouteId } from '../../contract/routes';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { SAMPLES } from '../testing/route-samples';
import { expectNoSecrets } from '../testing/secrets';
import { buildTestApp, LogCapture, TEST_KEY, TEST_TENANT } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_HOST, TEST_ORIGIN } from '../testing/test-users';

// Written out here, not imported from the matrix, so a change to the matrix must be made twice:
// once on purpose in src/contract/roles.ts and once here.
const AGENT_WRITES: readonly RouteId[] = [
  'conversations.send',
  'messages.sendText',
  'conversations.assignOwner',
  'conversations.assignAgent',
  'conversations.close',
  'conversations.reopen',
  'quickReplies.create',
  'quickReplies.update',
  'quickReplies.delete',
  'groups.approveJoinRequests',
  'groups.inviteLink',
  'activities.create',
];
const MANAGER_WRITES: readonly RouteId[] = [
  'leads.create',
  'leads.update',
  'leads.reassign',
  'leads.delete',
  'customers.create',
  'customers.update',
  'customers.addTags',
  'contacts.create',
  'contacts.update',
];
const ADMIN_WRITES: readonly RouteId[] = ['leadStages.create', 'leadStages.update', 'leadStages.delete'];

const expectedAllowed = (role: Role, id: RouteId, mutates: boolean): boolean =>
  !mutates ||
  AGENT_WRITES.includes(id) ||
  (role !== 'agent' && MANAGER_WRITES.includes(id)) ||
  (role === 'admin' && ADMIN_WRITES.includes(id));

let upstream: RecordingUpstream;
let app: FastifyInstance;
const logs = new LogCapture();
const cookies: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  // A generous rate limit: this suite makes many calls per session on purpose.
  app = await buildTestApp(upstream, {
    logs,
    env: { API_RATE_PER_SECOND: '1000', API_BURST: '1000' },
  });
  for (const role of ['agent', 'manager', 'admin'] as const) cookies[role] = await signIn(app, role);
});
afterAll(async () => {
  await app.close();
  await upstream.close();
  expectNoSecrets(logs.text(), Object.values(cookies));
});
beforeEach(() => {
  upstream.requests.length = 0;
});

const send = (sample: (typeof SAMPLES)[number], headers: Record<string, string>) =>
  app.inject({
    method: sample.method,
    url: sample.url,
    headers: { ...(sample.payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(sample.payload !== undefined ? { payload: sample.payload } : {}),
  });

describe('the role matrix', () => {
  it('puts every state-changing route of the table in exactly one role tier', () => {
    for (const route of ROUTES.filter((r) => r.mutates)) {
      const tiers = [AGENT_WRITES, MANAGER_WRITES, ADMIN_WRITES].filter((t) =>
        t.includes(route.id as RouteId),
      );
      expect(tiers, route.id).toHaveLength(1);
    }
  });

  const pairs = (['agent', 'manager', 'admin'] as const).flatMap((role) =>
    SAMPLES.map((sample) => ({ role, sample })),
  );

  it.each(pairs.map((p) => [p.role, p.sample.route.id, p] as const))(
    '%s → %s',
    async (role, id, { sample }) => {
      const res = await send(sample, { ...sameOriginHeaders, cookie: cookies[role]! });
      if (expectedAllowed(role, id as RouteId, sample.route.mutates)) {
        expect(res.statusCode, res.body).toBe(200);
        expect(upstream.requests).toHaveLength(1);
        const seen = upstream.requests[0]!;
        expect(seen.method).toBe(sample.method);
        expect(seen.url).toBe(sample.upstreamUrl);
        expect(seen.headers['x-api-key']).toBe(TEST_KEY);
        expect(seen.headers['x-tenant-id']).toBe(TEST_TENANT);
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.headers['x-bff-error']).toBe('1');
        expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
        expect(upstream.requests).toHaveLength(0);
      }
    },
  );

  it('refuses every route without a session with 401, never reaching the upstream', async () => {
    for (const sample of SAMPLES) {
      const res = await send(sample, { ...sameOriginHeaders });
      expect(res.statusCode, sample.route.id).toBe(401);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('CSRF', () => {
  const mutating = SAMPLES.filter((s) => s.route.mutates);
  const admin = (): string => cookies.admin!;

  const variants: readonly [string, () => Record<string, string>][] = [
    ['no X-CSRF header', () => ({ host: TEST_HOST, origin: TEST_ORIGIN, cookie: admin() })],
    [
      'X-CSRF with another value',
      () => ({ host: TEST_HOST, origin: TEST_ORIGIN, 'x-csrf': 'true', cookie: admin() }),
    ],
    [
      'a cross-site Origin',
      () => ({ host: TEST_HOST, origin: 'https://evil.example', 'x-csrf': '1', cookie: admin() }),
    ],
    [
      'a look-alike Origin',
      () => ({ host: TEST_HOST, origin: `${TEST_ORIGIN}.evil.example`, 'x-csrf': '1', cookie: admin() }),
    ],
    [
      'an https Origin for an http site',
      () => ({ host: TEST_HOST, origin: `https://${TEST_HOST}`, 'x-csrf': '1', cookie: admin() }),
    ],
    ['Origin null', () => ({ host: TEST_HOST, origin: 'null', 'x-csrf': '1', cookie: admin() })],
    [
      'no Origin and a cross-site fetch',
      () => ({ host: TEST_HOST, 'sec-fetch-site': 'cross-site', 'x-csrf': '1', cookie: admin() }),
    ],
    ['no Origin and no Sec-Fetch-Site', () => ({ host: TEST_HOST, 'x-csrf': '1', cookie: admin() })],
  ];

  it.each(variants)('refuses %s on every state-changing route with 403', async (_label, headers) => {
    for (const sample of mutating) {
      const res = await send(sample, headers());
      expect(res.statusCode, sample.route.id).toBe(403);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it.each(variants)('refuses %s on sign-in and sign-out', async (_label, headers) => {
    for (const url of ['/auth/login', '/auth/logout']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: headers(),
        payload: { username: 'x', password: 'y' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['x-bff-error']).toBe('1');
    }
  });

  it('accepts a same-origin call that has no Origin but Sec-Fetch-Site: same-origin', async () => {
    const sample = mutating.find((s) => s.route.id === 'conversations.close')!;
    const res = await send(sample, {
      host: TEST_HOST,
      'sec-fetch-site': 'same-origin',
      'x-csrf': '1',
      cookie: admin(),
    });
    expect(res.statusCode).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });

  it('does not ask reads for the header', async () => {
    const sample = SAMPLES.find((s) => s.route.id === 'leads.list')!;
    const res = await send(sample, { host: TEST_HOST, cookie: admin() });
    expect(res.statusCode).toBe(200);
  });
});
