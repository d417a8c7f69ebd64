import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { conversation } from '../testing/live-records';
import { buildTestApp } from '../testing/test-app';
import { seedWorkspace } from '../testing/workspace-seed';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// POST /bff/presence: passed to every browser on the bus with who said it, checked (the thread
// must be one the workspace holds), and bounded per session so a tab cannot flood the stream.

let upstream: FakeUpstream;
let app: FastifyInstance;
let agent = '';
const events: LiveEvent[] = [];

const tell = (payload: unknown, cookie = agent, headers: Record<string, string> = sameOriginHeaders) =>
  app.inject({
    method: 'POST',
    url: '/bff/presence',
    headers: { ...headers, cookie },
    payload: payload as object,
  });

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
    live: { sync: false },
  });
  await seedWorkspace(app.bffLive!.workspace.db, { conversations: [conversation(1)] });
  app.bffLive!.bus.subscribe((bus) => void events.push(bus.event));
  agent = await signIn(app, 'agent');
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('POST /bff/presence', () => {
  it('tells everyone who has which thread open and who is typing', async () => {
    expect((await tell({ conversationId: conversation(1).id, typing: true })).statusCode).toBe(204);
    expect(events.at(-1)).toMatchObject({
      type: 'presence.changed',
      username: TEST_USERS.agent.username,
      conversationId: conversation(1).id,
      typing: true,
    });
  });

  it('refuses no session, no CSRF and a malformed body; drops a flood quietly', async () => {
    expect((await tell({ conversationId: null, typing: false }, '')).statusCode).toBe(401);
    expect(
      (await tell({ conversationId: null, typing: false }, agent, { host: sameOriginHeaders.host }))
        .statusCode,
    ).toBe(403);
    const bad = await tell({ conversationId: 'x', typing: 'yes', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const before = events.length;
    for (let i = 0; i < 20; i++) await tell({ conversationId: null, typing: false });
    expect(events.length - before).toBeLessThanOrEqual(5);
  });

  it('answers 404 for a thread the workspace does not hold, and tells no one', async () => {
    const other = await signIn(app, 'manager');
    const before = events.length;
    const res = await tell({ conversationId: conversation(2).id, typing: true }, other);
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-bff-error']).toBe('1');
    expect(res.json()).toEqual({ statusCode: 404, message: 'Not in this workspace', error: 'Not Found' });
    expect(events.length).toBe(before);
  });
});
