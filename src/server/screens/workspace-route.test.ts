import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Workspace } from '../../contract';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { stage, tag } from '../testing/live-records';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';
import { replaceList } from '../workspace/workspace-writer';

// GET /bff/workspace: the app's first call: who is signed in, the team and the small lists from
// the workspace tables, behind the session, without an upstream call.

let upstream: FakeUpstream;
let app: FastifyInstance;

const get = (cookie: string) =>
  app.inject({
    method: 'GET',
    url: '/bff/workspace',
    headers: { ...sameOriginHeaders, ...(cookie ? { cookie } : {}) },
  });

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
    live: { sync: false },
  });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('GET /bff/workspace', () => {
  it('asks for a session', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-bff-error']).toBe('1');
  });

  it('answers who is signed in, the team, and the lists the tables hold (null for one not read yet)', async () => {
    const { db } = app.bffLive!.workspace;
    await replaceList(db, 'stages', [stage(0, 'new')], { startedAt: 0, now: 0 });
    await replaceList(db, 'tags', [tag(1, 'vip')], { startedAt: 0, now: 0 });
    const cookie = await signIn(app, 'agent');
    const before = callStatsOf(upstream.fake).read().total;
    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const workspace = Workspace.parse(res.json());
    expect(workspace.me).toMatchObject({ role: 'agent', upstreamUserId: TEST_USERS.agent.upstreamUserId });
    expect(workspace.team.members.map((m) => m.id)).toContain(TEST_USERS.agent.upstreamUserId);
    expect(workspace.stages?.map((s) => s.key)).toEqual(['new']);
    expect(workspace.tags?.map((t) => t.name)).toEqual(['vip']);
    expect(workspace.channels).toBeNull();
    expect(workspace.quickReplies).toBeNull();
    expect(callStatsOf(upstream.fake).read().total).toBe(before);
  });

  it('still starts the app when the database cannot serve: the lists are null, as before a read', async () => {
    const { db } = app.bffLive!.workspace;
    await replaceList(db, 'stages', [stage(0, 'new')], { startedAt: 0, now: 0 });
    const cookie = await signIn(app, 'agent');
    vi.spyOn(app.bffLive!.workspace, 'list').mockRejectedValue(new Error('connection refused'));
    try {
      const res = await get(cookie);
      expect(res.statusCode).toBe(200);
      expect(Workspace.parse(res.json())).toMatchObject({ stages: null, tags: null, me: { role: 'agent' } });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('says where the live stream stood before it read anything, where the app’s stream starts', async () => {
    const cookie = await signIn(app, 'agent');
    const bus = app.bffLive!.bus;
    const [first] = await bus.publish([
      { event: { type: 'lead.removed', id: '00000000-0000-4000-8000-000000000001' } },
    ]);
    expect(Workspace.parse((await get(cookie)).json()).streamFrom).toBe(first!.id);
    const [second] = await bus.publish([
      { event: { type: 'lead.removed', id: '00000000-0000-4000-8000-000000000001' } },
    ]);
    expect(Workspace.parse((await get(cookie)).json()).streamFrom).toBe(second!.id);
  });

  it('still answers when the bus cannot say where it stands, with no position', async () => {
    const cookie = await signIn(app, 'agent');
    vi.spyOn(app.bffLive!.bus, 'lastId').mockRejectedValueOnce(new Error('redis is down'));
    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    expect(Workspace.parse(res.json()).streamFrom).toBeNull();
  });
});
