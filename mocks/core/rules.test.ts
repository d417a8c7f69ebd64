import { describe, expect, it } from 'vitest';
import { ROUTES, SCOPES, requiredScope, type RouteDef } from '../../src/contract';
import { fake, useFakeServer } from '../node';
import { GLOBEX_TENANT } from '../team';
import { callRoute as callSample, sampleFor } from './route-samples';
import { call, type CallOptions } from './test-client';
import { errorText, expectErrorBody } from './test-expect';
import { resetAfterEachTest, shareOneSeed } from './test-seed';

// Most of this file is refused calls, which change nothing: they share one seed (the reset after
// every test was nine tenths of the file's time). Blocks that change the store reset after each test.
useFakeServer({ resetAfterEach: false });

const label = (r: RouteDef) => `${r.method} ${r.host} ${r.path}`;

const callRoute = (route: RouteDef, opts: CallOptions = {}) => callSample(fake, route, opts);

// Routes whose sample names an Acme record in its path or body: a Globex key must get a 404.
const recordRoutes = ROUTES.filter(
  (r) => Object.keys(r.params).length > 0 || r.id === 'conversations.send' || r.id === 'templates.list',
);

describe('spec Parts 5 and 7, for every route of the contract', () => {
  describe('calls that change the store', () => {
    resetAfterEachTest(fake);

    it.each(ROUTES.map((r) => [label(r), r] as const))(
      '%s answers its success status with its response shape',
      async (_, route) => {
        if (route.id === 'leadStages.delete') {
          // A stage holding leads cannot be deleted: make an empty one.
          const created = await call<{ id: string }>('crm', 'POST', '/v1/lead-stages', {
            body: { key: 'empty', name: 'Empty' },
          });
          expect(created.status).toBe(201);
          const res = await call('crm', 'DELETE', `/v1/lead-stages/${created.body.id}`);
          expect(res.status).toBe(204);
          return;
        }
        const res = await callRoute(route);
        expect(res.status, JSON.stringify(res.body)).toBe(route.status);
        if (route.status === 204) expect(res.body).toBeNull();
        else
          expect(route.response.safeParse(res.body).success, JSON.stringify(res.body).slice(0, 300)).toBe(
            true,
          );
      },
    );

    it.each(ROUTES.filter((r) => r.method === 'POST' && r.status !== 200).map((r) => [label(r), r] as const))(
      '%s: a plan limit turns the write into a 403',
      async (_, route) => {
        fake.control.planLimit(fake.workspace().id, 'monthly active contacts');
        const body = expectErrorBody(await callRoute(route), 403);
        expect(body.message).toBe('Plan limit reached: monthly active contacts');
      },
    );
  });

  describe('refused calls, which change nothing and share one seed', () => {
    shareOneSeed(fake);

    it.each(ROUTES.map((r) => [label(r), r] as const))('%s: no key is a 401', async (_, route) => {
      expectErrorBody(await callRoute(route, { key: null }), 401);
    });

    it.each(ROUTES.map((r) => [label(r), r] as const))(
      '%s: revoked, expired and unknown keys are 401',
      async (_, route) => {
        for (const key of ['demo-revoked-key', 'demo-expired-key', 'no-such-key']) {
          expectErrorBody(await callRoute(route, { key }), 401);
        }
      },
    );

    it.each(ROUTES.map((r) => [label(r), r] as const))(
      '%s: missing or malformed tenant is a 400 naming X-Tenant-Id',
      async (_, route) => {
        for (const tenant of [null, 'not-a-guid']) {
          const body = expectErrorBody(await callRoute(route, { tenant }), 400);
          expect(errorText(body)).toContain('X-Tenant-Id');
        }
      },
    );

    it.each(ROUTES.map((r) => [label(r), r] as const))(
      '%s: a key without the scope is a 403 naming it',
      async (_, route) => {
        const sample = sampleFor(fake, route);
        const scope = requiredScope(route, sample.body);
        fake.state.keys.set('test-narrow-key', {
          key: 'test-narrow-key',
          workspaceId: fake.workspace().id,
          scopes: SCOPES.filter((s) => s !== scope),
          revoked: false,
          expiresAt: null,
        });
        const body = expectErrorBody(await callRoute(route, { key: 'test-narrow-key' }), 403);
        expect(body.message).toBe(`Missing scope(s): ${scope}`);
        if (route.mutates) {
          const readonly = expectErrorBody(await callRoute(route, { key: 'demo-readonly-key' }), 403);
          expect(readonly.message).toBe(`Missing scope(s): ${scope}`);
        }
      },
    );

    it.each(recordRoutes.map((r) => [label(r), r] as const))(
      "%s: another workspace's record is a 404",
      async (_, route) => {
        expectErrorBody(await callRoute(route, { key: 'globex-admin-key', tenant: GLOBEX_TENANT }), 404);
        // Part 5 rule 2: the Acme tenant header does not open Acme's records to the Globex key either.
        expectErrorBody(await callRoute(route, { key: 'globex-admin-key' }), 404);
      },
    );

    const bodyRoutes = ROUTES.filter((r) => r.body !== undefined);
    it.each(bodyRoutes.map((r) => [label(r), r] as const))(
      '%s: a malformed body is a 400 with field errors',
      async (_, route) => {
        const unknownField = expectErrorBody(await callRoute(route, { body: { bogus: 1 } }), 400);
        expect(unknownField.message).toEqual(expect.arrayContaining(['bogus is not allowed']));
        for (const rawBody of ['{not json', '[1,2]', '"text"']) {
          const res = await call(route.host, route.method, sampleFor(fake, route).path, { rawBody });
          const body = expectErrorBody(res, 400);
          expect(Array.isArray(body.message)).toBe(true);
          expect((body.message as string[])[0]).toMatch(/^body /);
        }
      },
    );

    const queryRoutes = ROUTES.filter((r) => r.query !== undefined);
    it.each(queryRoutes.map((r) => [label(r), r] as const))(
      '%s: unknown and repeated query parameters are 400s',
      async (_, route) => {
        const sample = sampleFor(fake, route);
        const unknown = expectErrorBody(
          await callRoute(route, { query: { ...sample.query, bogus: '1' } }),
          400,
        );
        expect(unknown.message).toEqual(['bogus is not allowed']);
        const repeated = new URLSearchParams(sample.query);
        repeated.append('limit', '5');
        repeated.append('limit', '6');
        const res = expectErrorBody(await callRoute(route, { query: repeated.toString() }), 400);
        expect(res.message).toEqual(['limit must not be repeated']);
      },
    );
  });
});

describe('dispatcher edges', () => {
  resetAfterEachTest(fake);

  it('answers an off-table path with a 404 error body naming it', async () => {
    const body = expectErrorBody(await call('social', 'GET', '/v1/nothing-here'), 404);
    expect(body.message).toBe('Cannot GET /social/api/v1/nothing-here');
    expectErrorBody(await call('crm', 'PUT', '/v1/leads'), 404);
  });

  it('serves the key\u2019s own workspace whatever well-formed tenant is sent', async () => {
    const own = await call<{ total: number }>('social', 'GET', '/v1/conversations');
    const other = await call<{ total: number }>('social', 'GET', '/v1/conversations', {
      tenant: GLOBEX_TENANT,
    });
    expect(other.status).toBe(200);
    expect(other.body.total).toBe(own.body.total);
    const globex = await call<{ total: number }>('social', 'GET', '/v1/conversations', {
      key: 'globex-admin-key',
      tenant: GLOBEX_TENANT,
    });
    expect(globex.body.total).toBeLessThan(own.body.total);
  });

  it('keeps GETs working under a plan limit, and lifts it', async () => {
    fake.control.planLimit(fake.workspace().id, 'seats');
    expect((await call('social', 'GET', '/v1/quick-replies')).status).toBe(200);
    fake.control.planLimit(fake.workspace().id, null);
    const res = await call('social', 'POST', '/v1/quick-replies', {
      body: { title: 'T', body: 'B', shortcut: 'tb' },
    });
    expect(res.status).toBe(201);
  });

  it('revokes a key at once', async () => {
    expect((await call('social', 'GET', '/v1/connect/channels')).status).toBe(200);
    fake.control.revoke('demo-admin-key');
    expectErrorBody(await call('social', 'GET', '/v1/connect/channels'), 401);
  });

  it('names paging bounds in field errors', async () => {
    const res = expectErrorBody(
      await call('social', 'GET', '/v1/conversations', { query: { limit: 101, page: 0 } }),
      400,
    );
    expect(res.message).toEqual(expect.arrayContaining(['limit must not be greater than 100']));
    expect(errorText(res)).toMatch(/^page |\npage /);
  });

  it('turns an exception in an implementation into a 500 error body', async () => {
    const ws = fake.workspace();
    // A broken store makes the implementation throw something that is not a FakeError.
    (ws.social as { threads: unknown }).threads = null;
    const original = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      expectErrorBody(await call('social', 'GET', '/v1/conversations'), 500);
    } finally {
      console.error = original;
    }
    expect(logged).toHaveLength(1);
  });
});

describe('injected failures', () => {
  resetAfterEachTest(fake);

  it('fails the next N calls matching a template, then recovers', async () => {
    const leadId = [...fake.workspace().crm.leads.keys()][0]!;
    fake.control.fail({ method: 'GET', path: '/v1/leads/{id}', status: 503, count: 2, message: 'Try later' });
    for (let i = 0; i < 2; i++) {
      const res = await call('crm', 'GET', `/v1/leads/${leadId}`);
      expect(expectErrorBody(res, 503).message).toBe('Try later');
      expect(res.headers.get('retry-after')).toBe('1');
    }
    expect((await call('crm', 'GET', `/v1/leads/${leadId}`)).status).toBe(200);
  });

  it('matches an exact path and delays without failing', async () => {
    fake.control.fail({ method: 'GET', path: '/v1/connect/channels', delayMs: 150 });
    const started = performance.now();
    const res = await call('social', 'GET', '/v1/connect/channels');
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
