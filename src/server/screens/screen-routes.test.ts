import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Board, BoardColumnPage, LeadScreenPage } from '../../contract';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { lead, stage } from '../testing/live-records';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';
import { forgetWorkspace, setMeta } from '../workspace/workspace-writer';
import { seedWorkspace } from '../testing/workspace-seed';

// The screen reads through the real BFF: behind the session and the role matrix, strict queries
// (400 naming the parameter), 503 + Retry-After until the sync has loaded the leads, answers that
// fit the contract, no upstream call, and follow-up flags that move at once when an activity is
// logged through the BFF.

let upstream: FakeUpstream;
let app: FastifyInstance;
const cookies: Record<'agent' | 'manager' | 'admin', string> = { agent: '', manager: '', admin: '' };

const get = (url: string, cookie = cookies.agent) =>
  app.inject({ method: 'GET', url, headers: { ...sameOriginHeaders, ...(cookie ? { cookie } : {}) } });

const loadWorkspace = async () => {
  const stages = [stage(0, 'new'), stage(1, 'won', { position: 1 })];
  const leads = Array.from({ length: 30 }, (_, n) =>
    lead(n + 1, {
      status: (n + 1) % 2 ? 'new' : 'won',
      value: 100,
      currency: 'EUR',
      probability: 50,
      assigned_to_user_id: n + 1 <= 3 ? TEST_USERS.manager.upstreamUserId : null,
    }),
  );
  const db = app.bffLive!.workspace.db;
  await forgetWorkspace(db);
  await seedWorkspace(db, { stages, leads });
  await setMeta(db, 'loaded', ['leads']);
};

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
    live: { sync: false },
  });
  for (const role of ['agent', 'manager', 'admin'] as const) cookies[role] = await signIn(app, role);
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(() => loadWorkspace());

describe('GET /bff/screens/*', () => {
  it('asks for a session first', async () => {
    const res = await get('/bff/screens/board', '');
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-bff-error']).toBe('1');
  });

  it.each(['agent', 'manager', 'admin'] as const)(
    'answers the %s with the contract’s shapes',
    async (role) => {
      const board = await get('/bff/screens/board?limit=5', cookies[role]);
      expect(board.statusCode).toBe(200);
      expect(board.headers['cache-control']).toBe('no-store');
      const parsed = Board.parse(board.json());
      expect(parsed.columns.map((c) => [c.stage, c.total, c.cards.length])).toEqual([
        ['new', 15, 5],
        ['won', 15, 5],
      ]);
      expect(parsed.columns[0]!.sums).toEqual([{ currency: 'EUR', value: 1500, weighted: 750 }]);

      const cursor = parsed.columns[0]!.nextCursor!;
      const column = await get(
        `/bff/screens/board/column?stage=new&limit=20&cursor=${cursor}`,
        cookies[role],
      );
      expect(BoardColumnPage.parse(column.json()).cards).toHaveLength(10);

      const list = await get(`/bff/screens/leads?owner=${TEST_USERS.manager.upstreamUserId}`, cookies[role]);
      expect(LeadScreenPage.parse(list.json())).toMatchObject({ total: 3, totalPages: 1 });
    },
  );

  it('never calls the upstream', async () => {
    const stats = callStatsOf(upstream.fake);
    const before = stats.read().total;
    expect((await get('/bff/screens/board')).statusCode).toBe(200);
    expect((await get('/bff/screens/leads?search=lead')).statusCode).toBe(200);
    expect(stats.read().total).toBe(before);
  });

  it.each([
    ['/bff/screens/board?limit=101', 'limit must not be greater than 100'],
    ['/bff/screens/board?priority=asap', 'priority must be one of: urgent, high, medium, low'],
    ['/bff/screens/board?owner=bob', 'owner'],
    ['/bff/screens/board?bogus=1', 'bogus is not allowed'],
    ['/bff/screens/board?limit=1&limit=2', 'limit must not be repeated'],
    ['/bff/screens/board/column', 'stage is required'],
    ['/bff/screens/board/column?stage=new&cursor=abc', 'cursor must be a cursor'],
    ['/bff/screens/leads?page=0', 'page must not be less than 1'],
    ['/bff/screens/customers', 'search is required'],
    ['/bff/screens/customers?search=%20', 'search must not be empty'],
    ['/bff/screens/customers?search=a&status=gone', 'status must be one of'],
  ])('refuses %s with a 400 naming the parameter', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-bff-error']).toBe('1');
    const body = res.json<{ statusCode: number; error: string; message: string[] }>();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message.some((m) => m.startsWith(message))).toBe(true);
  });

  it('says "try again shortly" with Retry-After until the leads are loaded', async () => {
    await forgetWorkspace(app.bffLive!.workspace.db);
    for (const url of ['/bff/screens/board', '/bff/screens/board/column?stage=new', '/bff/screens/leads']) {
      const res = await get(url);
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    }
  });

  it('flags a card at once when a follow-up is logged on its lead through the BFF', async () => {
    const leadId = [...upstream.fake.workspace().crm.leads.keys()][0]!;
    const onBoard = { ...upstream.fake.workspace().crm.leads.get(leadId)!, status: 'new' };
    await seedWorkspace(app.bffLive!.workspace.db, { leads: [onBoard] });
    const flagged = async () =>
      Board.parse((await get('/bff/screens/board?limit=100')).json())
        .columns.flatMap((c) => c.cards)
        .find((c) => c.lead.id === leadId)?.followUp;
    expect(await flagged()).toBe(false);
    const logged = await app.inject({
      method: 'POST',
      url: '/api/crm/activities',
      headers: { ...sameOriginHeaders, cookie: cookies.agent, 'content-type': 'application/json' },
      payload: { lead_id: leadId, activity_type: 'call', subject: 'Call back', outcome: 'follow_up_needed' },
    });
    expect(logged.statusCode).toBe(201);
    await vi.waitFor(async () => expect(await flagged()).toBe(true));
  });
});
