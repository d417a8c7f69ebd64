import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnreadSummary } from '../../contract';
import { conversation, message } from '../testing/live-records';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { seedWorkspace } from '../testing/workspace-seed';
import { sameOriginHeaders, signIn } from '../testing/test-users';

// Unread per agent through the real BFF: counted from the workspace tables after each agent's own
// mark, read and marked unread per agent, refused without a session, with a malformed body, or
// without CSRF. (The SQL itself, on both databases: read-marks.test.ts.)

let stack: AppWithStore;
let app: FastifyInstance;
let agent = '';
let admin = '';

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (
  url: string,
  cookie: string,
  payload?: unknown,
  headers: Record<string, string> = sameOriginHeaders,
) => app.inject({ method: 'POST', url, headers: { ...headers, cookie }, ...(payload ? { payload } : {}) });
const summary = async (cookie: string) => UnreadSummary.parse((await get('/bff/unread', cookie)).json());

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  ({ app } = stack);
  agent = await signIn(app, 'agent');
  admin = await signIn(app, 'admin');
}, 60_000);
afterAll(() => stack.close());

describe('unread per agent', () => {
  it('counts what came in after each agent started, and each agent reads for themselves', async () => {
    const db = stack.store.db;
    await seedWorkspace(db, { conversations: [conversation(1), conversation(2)] });
    // Both agents start now: nothing held before counts.
    expect(await summary(agent)).toEqual({ total: 0, threads: {} });
    expect(await summary(admin)).toEqual({ total: 0, threads: {} });

    const later = new Date(Date.now() + 60_000).toISOString();
    await seedWorkspace(db, {
      conversations: [conversation(1, { last_message_at: later })],
      messages: [
        message(1, 1, { created_at: later }),
        message(1, 2, { created_at: later, id: message(1, 3).id }),
        message(1, 4, { created_at: later, direction: 'outbound', from_me: true }),
      ],
    });
    expect(await summary(agent)).toEqual({ total: 1, threads: { [conversation(1).id]: 2 } });

    expect((await post(`/bff/conversations/${conversation(1).id}/read`, agent, {})).statusCode).toBe(204);
    expect(await summary(agent)).toEqual({ total: 0, threads: {} });
    expect((await summary(admin)).threads[conversation(1).id]).toBe(2);
  });

  it('marks a thread unread until it is read again', async () => {
    const id = conversation(2).id;
    expect((await post(`/bff/conversations/${id}/unread`, agent)).statusCode).toBe(204);
    expect((await summary(agent)).threads[id]).toBe(1);
    expect((await post(`/bff/conversations/${id}/read`, agent, {})).statusCode).toBe(204);
    expect((await summary(agent)).threads[id]).toBeUndefined();
  });

  it('refuses no session, a malformed id or body, no CSRF, and a thread the workspace lacks', async () => {
    const id = conversation(1).id;
    expect((await get('/bff/unread', '')).statusCode).toBe(401);
    expect((await post('/bff/conversations/not-an-id/read', agent, {})).statusCode).toBe(400);
    const bad = await post(`/bff/conversations/${id}/read`, agent, { upTo: 'yesterday', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(JSON.stringify(bad.json())).toMatch(/upTo/);
    expect(
      (
        await post(`/bff/conversations/${id}/read`, agent, {}, {
          'content-type': 'application/json',
        } as never)
      ).statusCode,
    ).toBe(403);
    expect((await post(`/bff/conversations/${conversation(9).id}/unread`, agent)).statusCode).toBe(404);
  });
});
