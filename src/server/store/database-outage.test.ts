import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { seedWorkspace } from '../testing/workspace-seed';
import { setMeta } from '../workspace/workspace-writer';
import { conversation, lead, stage } from '../testing/live-records';
import { buildTestApp } from '../testing/test-app';
import { describeOnEachStore } from '../testing/test-stores';
import { sameOriginHeaders, signIn } from '../testing/test-users';
import type { TeamStore } from './open-store';

// The team database gone mid-run (PGlite closed; the PostgreSQL server stopped): every route that
// reads or writes it answers 503 with Retry-After and the spec's error body, never a 500, so a
// browser tries again instead of showing a crash. Routes that only use it for extras (the
// workspace bootstrap, a thread's notes on its screen) still answer.

const THREAD = conversation(1).id;
const SOME_ID = '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10';
const IMPORT = { kind: 'leads', duplicates: 'skip', fileName: 'a.csv', rows: [{ name: 'Ada' }] };

/** Each route that needs the database, as an admin calls it with a valid request. */
const NEEDS_DATABASE: readonly InjectOptions[] = [
  { method: 'GET', url: '/bff/audit' },
  { method: 'GET', url: '/bff/unread' },
  { method: 'POST', url: `/bff/conversations/${THREAD}/read`, payload: {} },
  { method: 'POST', url: `/bff/conversations/${THREAD}/unread`, payload: {} },
  { method: 'GET', url: `/bff/conversations/${THREAD}/notes` },
  { method: 'POST', url: `/bff/conversations/${THREAD}/notes`, payload: { body: 'hello' } },
  { method: 'GET', url: '/bff/mentions' },
  { method: 'POST', url: '/bff/mentions/1/read', payload: {} },
  { method: 'GET', url: '/bff/me/preferences' },
  { method: 'PUT', url: '/bff/me/preferences', payload: { sound: true } },
  { method: 'GET', url: '/bff/search?q=hello' },
  { method: 'GET', url: '/bff/reports/inbox?from=2026-01-01&to=2026-01-31' },
  { method: 'GET', url: '/bff/reports/pipeline?from=2026-01-01&to=2026-01-31' },
  { method: 'POST', url: '/bff/imports', payload: IMPORT },
  { method: 'GET', url: '/bff/imports' },
  { method: 'GET', url: `/bff/imports/${SOME_ID}` },
  { method: 'POST', url: `/bff/imports/${SOME_ID}/start`, payload: {} },
  { method: 'POST', url: `/bff/imports/${SOME_ID}/pause`, payload: {} },
  { method: 'POST', url: `/bff/imports/${SOME_ID}/cancel`, payload: {} },
  { method: 'GET', url: `/bff/imports/${SOME_ID}/report.csv` },
  { method: 'GET', url: '/bff/screens/inbox?unread=true' },
  // The workspace itself lives in the database (issue 35): its screens wait for it.
  { method: 'GET', url: '/bff/screens/inbox' },
  { method: 'GET', url: `/bff/screens/thread?id=${THREAD}` },
  { method: 'GET', url: '/bff/screens/board' },
];

/** Routes that use the database for extras only: they answer without it. */
const ANSWER_WITHOUT: readonly InjectOptions[] = [
  { method: 'GET', url: '/bff/workspace' },
];

describeOnEachStore('with the team database gone', (suite) => {
  let upstream: FakeUpstream;
  let store: TeamStore;
  let app: FastifyInstance;
  let admin = '';
  const call = (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...sameOriginHeaders, cookie: admin } });

  beforeAll(async () => {
    upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
    store = await suite.openFresh();
    app = await buildTestApp(upstream, {
      env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
      live: { sync: false },
      database: store,
    });
    const { db } = app.bffLive!.workspace;
    await seedWorkspace(db, {
      conversations: [conversation(1)],
      leads: [lead(1)],
      stages: [stage(1, 'new')],
    });
    await setMeta(db, 'loaded', ['conversations', 'leads', 'customers']);
    admin = await signIn(app, 'admin');
    // The routes work while it is up.
    expect((await call({ method: 'GET', url: '/bff/imports' })).statusCode).toBe(200);
    if (suite.kind === 'postgres') await suite.server()!.stop();
    else await store.close();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('every route that needs it answers 503 with Retry-After, none 500', async () => {
    const answers: string[] = [];
    for (const opts of NEEDS_DATABASE) {
      const res = await call(opts);
      const retry = Number(res.headers['retry-after']);
      const ok =
        res.statusCode === 503 &&
        retry >= 1 &&
        res.headers['x-bff-error'] === '1' &&
        res.json<{ error?: string }>().error === 'Service Unavailable';
      if (!ok)
        answers.push(`${String(opts.method)} ${opts.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(answers).toEqual([]);
  }, 60_000);

  it('routes that use it for extras only still answer', async () => {
    for (const opts of ANSWER_WITHOUT) expect((await call(opts)).statusCode, String(opts.url)).toBe(200);
  }, 60_000);
});
