import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditPage } from '../../contract/audit';
import { openStore, type TeamStore } from '../store/open-store';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { SAMPLES } from '../testing/route-samples';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// GET /bff/audit and what gets recorded, through the real app on an in-memory PGlite (the store's
// own suite runs the same queries on a PostgreSQL server too).

let upstream: RecordingUpstream;
let store: TeamStore;
let app: FastifyInstance;
let admin: string;

const sample = (id: string) => {
  const s = SAMPLES.find((x) => x.route.id === id);
  if (!s) throw new Error(`no sample for ${id}`);
  return s;
};

const send = (id: string, cookie: string) => {
  const s = sample(id);
  return app.inject({
    method: s.method,
    url: s.url,
    headers: { ...sameOriginHeaders, cookie, ...(s.payload ? { 'content-type': 'application/json' } : {}) },
    ...(s.payload ? { payload: s.payload } : {}),
  });
};

const readAudit = async (query = '', cookie = admin) => {
  const res = await app.inject({ method: 'GET', url: `/bff/audit${query}`, headers: { cookie } });
  return { res, page: res.statusCode === 200 ? AuditPage.parse(res.json()) : null };
};

const login = (username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: sameOriginHeaders,
    payload: { username, password },
  });

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  store = await openStore({ kind: 'pglite', dataDir: null });
  app = await buildTestApp(upstream, {
    env: { LOG_LEVEL: 'silent', LOGIN_ATTEMPTS_PER_ACCOUNT: '3' },
    database: store,
  });
  admin = await signIn(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app.close();
  await store.close();
  await upstream.close();
});
/** Empties the log, after the writer wrote what it held (reading the log flushes it). */
const clearAudit = async (): Promise<void> => {
  await readAudit();
  await store.db.deleteFrom('audit_log').execute();
};
beforeEach(clearAudit);

describe('GET /bff/audit: who may read it', () => {
  it('answers 401 without a session and 403 to agents and managers', async () => {
    expect((await readAudit('', '')).res.statusCode).toBe(401);
    for (const role of ['agent', 'manager'] as const) {
      const { res } = await readAudit('', await signIn(app, role));
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.json()).toEqual({
        statusCode: 403,
        message: `Your role (${role}) may not do this`,
        error: 'Forbidden',
      });
    }
    const { res, page } = await readAudit();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // The two sign-ins above are in it; the refused reads are not (reads are not audited).
    expect(page?.data.map((e) => [e.action, e.username])).toEqual([
      ['auth.login', TEST_USERS.manager.username],
      ['auth.login', TEST_USERS.agent.username],
    ]);
  });
});

describe('GET /bff/audit: the query', () => {
  it.each([
    ['?outcome=maybe', 'outcome must be one of: success, failure, refused, throttled'],
    ['?limit=1000', 'limit'],
    ['?page=0', 'page'],
    ['?from=yesterday', 'from'],
    ['?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'to must be later than from'],
    ['?colour=red', 'colour is not allowed'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const { res } = await readAudit(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-bff-error']).toBe('1');
    const body = res.json<{ statusCode: number; message: string[]; error: string }>();
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message.some((m) => m.startsWith(field))).toBe(true);
  });

  it('pages newest first with a true total and filters by person, action, outcome and dates', async () => {
    const agent = await signIn(app, 'agent');
    for (let i = 0; i < 3; i++) expect((await send('conversations.close', agent)).statusCode).toBe(200);
    expect((await send('leads.delete', agent)).statusCode).toBe(403);
    expect((await send('leads.update', admin)).statusCode).toBe(200);

    const { page: first } = await readAudit('?limit=2');
    expect(first).toMatchObject({ total: 6, page: 1, limit: 2, totalPages: 3, hasMore: true });
    expect(first?.data.map((e) => e.action)).toEqual(['leads.update', 'leads.delete']);
    const { page: last } = await readAudit('?limit=2&page=3');
    expect(last?.data.map((e) => e.action)).toEqual(['conversations.close', 'auth.login']);
    expect(last?.hasMore).toBe(false);

    const total = async (q: string) => (await readAudit(q)).page?.total;
    expect(await total(`?user=${encodeURIComponent(TEST_USERS.agent.username.toUpperCase())}`)).toBe(5);
    expect(await total('?action=conversations.close')).toBe(3);
    expect(await total('?outcome=refused')).toBe(1);
    expect(await total('?action=auth.login&outcome=success')).toBe(1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await total(`?from=${encodeURIComponent(future)}`)).toBe(0);
    expect(await total(`?to=${encodeURIComponent(future)}`)).toBe(6);
  });
});

describe('what is recorded', () => {
  it('a proxied write: who, route, record, status, address, what in names, never the body', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: sample('leads.update').url,
      headers: { ...sameOriginHeaders, cookie: admin, 'content-type': 'application/json' },
      payload: { company_name: 'secret-note-text' },
    });
    expect(res.statusCode).toBe(200);
    const { page } = await readAudit();
    expect(page?.data).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        username: TEST_USERS.admin.username,
        role: 'admin',
        action: 'leads.update',
        record: { id: '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10' },
        status: 200,
        outcome: 'success',
        ip: '127.0.0.1',
        // In names: the field changed, never its value (the lead is not in the workspace tables).
        summary: {
          actor: 'Test admin',
          verb: 'updated',
          subject: { kind: 'lead', id: '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10' },
          fields: ['company_name'],
        },
      },
    ]);
    const everything = JSON.stringify(await store.db.selectFrom('audit_log').selectAll().execute());
    expect(everything).not.toContain('secret-note-text');
    expect(everything).not.toContain('sid=');
  });

  it('a write refused by role (403), and one refused by the CSRF check before any session', async () => {
    const agent = await signIn(app, 'agent');
    await clearAudit();
    expect((await send('leadStages.delete', agent)).statusCode).toBe(403);
    const noCsrf = await app.inject({
      method: 'DELETE',
      url: sample('leads.delete').url,
      headers: { cookie: agent },
    });
    expect(noCsrf.statusCode).toBe(403);
    const { page } = await readAudit();
    expect(page?.data.map((e) => [e.action, e.username, e.status, e.outcome])).toEqual([
      ['leads.delete', null, 403, 'refused'],
      ['leadStages.delete', TEST_USERS.agent.username, 403, 'refused'],
    ]);
    expect(upstream.requests.filter((r) => r.method === 'DELETE' && r.url.includes('lead-stages'))).toEqual(
      [],
    );
  });

  it('sign-in success, failure (unknown names kept anonymous), throttling, and sign-out', async () => {
    const { username, password } = TEST_USERS.manager;
    expect((await login(username, password)).statusCode).toBe(204);
    expect((await login('password-typed-as-name', 'x')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(username, 'wrong')).statusCode).toBe(401);
    expect((await login(username, 'wrong')).statusCode).toBe(429);
    const agent = await signIn(app, 'agent');
    const out = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...sameOriginHeaders, cookie: agent },
    });
    expect(out.statusCode).toBe(204);

    const { page } = await readAudit('?limit=100');
    const rows = page!.data.map((e) => [e.action, e.username, e.role, e.status, e.outcome]).reverse();
    expect(rows).toEqual([
      ['auth.login', username, 'manager', 204, 'success'],
      ['auth.login', null, null, 401, 'failure'],
      ['auth.login', username, 'manager', 401, 'failure'],
      ['auth.login', username, 'manager', 401, 'failure'],
      ['auth.login', username, 'manager', 401, 'failure'],
      ['auth.login', username, 'manager', 429, 'throttled'],
      ['auth.login', TEST_USERS.agent.username, 'agent', 204, 'success'],
      ['auth.logout', TEST_USERS.agent.username, 'agent', 204, 'success'],
    ]);
    const everything = JSON.stringify(await store.db.selectFrom('audit_log').selectAll().execute());
    expect(everything).not.toContain(password);
    expect(everything).not.toContain('password-typed-as-name');
  });
});

describe('with the database down', () => {
  it('the proxy keeps working, GET /bff/audit and /readyz say unavailable', async () => {
    const logs = new LogCapture();
    const own = await openStore({ kind: 'pglite', dataDir: null });
    const down = await buildTestApp(upstream, { env: { LOG_LEVEL: 'info' }, logs, database: own });
    try {
      const cookie = await signIn(down, 'admin');
      await own.close();
      const s = sample('leads.update');
      const write = await down.inject({
        method: s.method,
        url: s.url,
        headers: { ...sameOriginHeaders, cookie, 'content-type': 'application/json' },
        payload: s.payload!,
      });
      expect(write.statusCode).toBe(200);
      const read = await down.inject({ method: 'GET', url: '/bff/audit', headers: { cookie } });
      expect(read.statusCode).toBe(503);
      expect(read.headers['x-bff-error']).toBe('1');
      expect(read.headers['retry-after']).toBeDefined();
      expect(read.json()).toEqual({
        statusCode: 503,
        // The BFF's routes answer a database that cannot serve the same way (register-bff-routes.ts).
        message: 'The audit log is unavailable: the database cannot be reached',
        error: 'Service Unavailable',
      });
      expect((await down.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect(logs.text()).toContain('audit: cannot write to the database');
    } finally {
      await down.close();
    }
  }, 60_000);

  it('without a database at all, GET /bff/audit answers 503 and writes still pass', async () => {
    const bare = await buildTestApp(upstream, { env: { LOG_LEVEL: 'silent' } });
    try {
      const cookie = await signIn(bare, 'admin');
      const res = await bare.inject({ method: 'GET', url: '/bff/audit', headers: { cookie } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        message: 'The audit log is not kept: the BFF runs without its database',
        error: 'Service Unavailable',
      });
    } finally {
      await bare.close();
    }
  });
});
