import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { conversation } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import { liveRows } from '../testing/workspace-state';
import { FAST_SYNC } from '../testing/fast-sync';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn } from '../testing/test-users';

// POST /bff/workspace/reload: admins only, behind CSRF like every write; the workspace is read again
// from the upstream, so a record the upstream no longer has is gone once it answers.

let upstream: FakeUpstream;
let app: FastifyInstance;

const reload = (cookie: string, headers: Record<string, string> = sameOriginHeaders) =>
  app.inject({ method: 'POST', url: '/bff/workspace/reload', headers: { ...headers, cookie } });

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
    live: { settings: { sync: FAST_SYNC } },
  });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('POST /bff/workspace/reload', () => {
  it('refuses anyone but an admin, and a request from another site', async () => {
    expect((await reload('')).statusCode).toBe(401);
    expect((await reload(await signIn(app, 'manager'))).statusCode).toBe(403);
    const { 'x-csrf': _csrf, ...withoutCsrf } = sameOriginHeaders as Record<string, string>;
    expect((await reload(await signIn(app, 'admin'), withoutCsrf)).statusCode).toBe(403);
  });

  it('forgets what the upstream no longer has and answers once the workspace is loaded again', async () => {
    const { workspace } = app.bffLive!;
    const ghost = conversation(424242);
    await seedWorkspace(workspace.db, { conversations: [ghost] }, Date.now());
    expect(await workspace.conversation(ghost.id)).toBeDefined();
    const res = await reload(await signIn(app, 'admin'));
    expect(res.statusCode).toBe(204);
    expect(await workspace.conversation(ghost.id)).toBeUndefined();
    expect(await liveRows(app, 'ws_conversations')).toBe(upstream.fake.workspace().social.threads.size);
    expect(await liveRows(app, 'ws_leads')).toBe(upstream.fake.workspace().crm.leads.size);
  });
});
