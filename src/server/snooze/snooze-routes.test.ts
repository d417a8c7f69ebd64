import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conversation, InboxScreenPage, ThreadScreen } from '../../contract';
import { conversation } from '../testing/live-records';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { seedWorkspace } from '../testing/workspace-seed';
import { setMeta } from '../workspace/workspace-writer';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// Snoozing through the real BFF: a snoozed thread leaves Open for Snoozed on the inbox screen and
// reads `snoozed` on the thread screen; Wake brings it back; something newer in the thread wakes it
// at once; bad times, closed and unknown threads and callers without a session are refused.

let stack: AppWithStore;
let app: FastifyInstance;
let agent = '';

const MINUTE = 60_000;
const ids = (page: InboxScreenPage) => page.rows.map((r) => r.conversation.id);
const inbox = async (status: string) =>
  InboxScreenPage.parse(
    (
      await app.inject({
        method: 'GET',
        url: `/bff/screens/inbox?status=${status}`,
        headers: { cookie: agent },
      })
    ).json(),
  );
const snooze = (id: string, until: unknown, cookie = agent) =>
  app.inject({
    method: 'PUT',
    url: `/bff/conversations/${id}/snooze`,
    headers: { ...sameOriginHeaders, cookie },
    payload: { until },
  });
const wake = (id: string) =>
  app.inject({
    method: 'POST',
    url: `/bff/conversations/${id}/wake`,
    headers: { ...sameOriginHeaders, cookie: agent },
  });

const mine = (n: number, over: Partial<Conversation> = {}) =>
  conversation(n, { assigned_to_user_id: TEST_USERS.agent.upstreamUserId, ...over });

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  ({ app } = stack);
  agent = await signIn(app, 'agent');
  await seedWorkspace(stack.store.db, {
    conversations: [mine(1), mine(2), mine(3, { status: 'closed' }), mine(4)],
  });
  // As after the sync's first full read: the inbox screen answers from the tables.
  await setMeta(stack.store.db, 'loaded', ['conversations']);
}, 60_000);
afterAll(() => stack.close());

describe('snoozing a thread', () => {
  it('moves it from Open to Snoozed until it is woken', async () => {
    const id = mine(1).id;
    const until = new Date(Date.now() + 90 * MINUTE).toISOString();
    const answer = await snooze(id, until);
    expect(answer.statusCode).toBe(200);
    expect(Conversation.parse(answer.json())).toMatchObject({ id, status: 'snoozed', snoozed_until: until });

    const open = await inbox('open');
    expect(ids(open)).not.toContain(id);
    expect(ids(open)).toContain(mine(2).id);
    const snoozed = await inbox('snoozed');
    expect(ids(snoozed)).toEqual([id]);
    expect(snoozed.total).toBe(1);
    const thread = ThreadScreen.parse(
      (
        await app.inject({ method: 'GET', url: `/bff/screens/thread?id=${id}`, headers: { cookie: agent } })
      ).json(),
    );
    expect(thread.conversation).toMatchObject({ status: 'snoozed', snoozed_until: until });

    const woken = await wake(id);
    expect(woken.statusCode).toBe(200);
    expect(Conversation.parse(woken.json()).status).toBe('open');
    expect(ids(await inbox('open'))).toContain(id);
    expect(ids(await inbox('snoozed'))).toEqual([]);
  });

  it('comes back at once when something newer arrives in the thread', async () => {
    const id = mine(2).id;
    expect((await snooze(id, new Date(Date.now() + 60 * MINUTE).toISOString())).statusCode).toBe(200);
    expect(ids(await inbox('open'))).not.toContain(id);
    await seedWorkspace(stack.store.db, {
      conversations: [mine(2, { last_message_at: new Date(Date.now() + 1_000).toISOString() })],
    });
    expect(ids(await inbox('open'))).toContain(id);
    expect(ids(await inbox('snoozed'))).not.toContain(id);
  });

  it('refuses a time too soon, too far or unreadable, on the until field', async () => {
    const id = mine(4).id;
    for (const until of [
      new Date(Date.now() - MINUTE).toISOString(),
      new Date(Date.now() + 10_000).toISOString(),
      '9999-12-31T23:59:59Z',
      'tomorrow',
      '2026-12-01T09:00:00\u0000Z',
      '\ud800',
      'x'.repeat(100_000),
      null,
    ]) {
      const refused = await snooze(id, until);
      expect(refused.statusCode, String(until).slice(0, 40)).toBe(400);
      expect(JSON.stringify(refused.json())).toMatch(/until/);
    }
    expect(ids(await inbox('open'))).toContain(id);
  });

  it('refuses a closed thread, one the workspace lacks, and a caller without a session', async () => {
    const later = new Date(Date.now() + 60 * MINUTE).toISOString();
    const closed = await snooze(mine(3).id, later);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: expect.stringMatching(/closed/) });
    expect((await snooze(conversation(99).id, later)).statusCode).toBe(404);
    expect((await snooze('not-an-id', later)).statusCode).toBe(400);
    expect((await snooze(mine(4).id, later, '')).statusCode).toBe(401);
  });
});
