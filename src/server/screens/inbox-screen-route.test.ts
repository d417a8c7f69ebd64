import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InboxScreenPage, ThreadScreen } from '../../contract';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { contact, conversation, customer, lead, message } from '../testing/live-records';
import { recordAuthors } from '../authors/message-authors';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn } from '../testing/test-users';
import { seedWorkspace, type WorkspaceSeed } from '../testing/workspace-seed';
import { setMeta } from '../workspace/workspace-writer';

// GET /bff/screens/inbox and /bff/screens/thread through the real BFF: the session, a strict query,
// 503 until the sync has read the conversations, the contract's shape, answered from the workspace
// tables with no upstream call.

let upstream: FakeUpstream;
let app: FastifyInstance;
let cookie = '';

const get = (url: string, withCookie = true) =>
  app.inject({ method: 'GET', url, headers: { ...sameOriginHeaders, ...(withCookie ? { cookie } : {}) } });

/** An empty workspace, then what the test needs in it, and whether the sync read the threads in full. */
async function workspaceOf(seed: WorkspaceSeed, loaded: boolean): Promise<void> {
  const { db } = app.bffLive!.workspace;
  for (const table of ['ws_messages', 'ws_conversations', 'ws_contacts', 'ws_customers', 'ws_leads'])
    await sql`delete from ${sql.table(table)}`.execute(db);
  await seedWorkspace(db, seed);
  await setMeta(db, 'loaded', loaded ? ['conversations'] : []);
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
    live: { sync: false },
  });
  cookie = await signIn(app, 'agent');
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('GET /bff/screens/inbox', () => {
  it('says the workspace is loading until the conversations are read, then answers from the tables alone', async () => {
    const seed = {
      conversations: [1, 2, 3].map((n) => conversation(n)),
      messages: [message(2, 1, { text: 'Hello' })],
    };
    await workspaceOf(seed, false);
    const loading = await get('/bff/screens/inbox');
    expect(loading.statusCode).toBe(503);
    expect(Number(loading.headers['retry-after'])).toBeGreaterThan(0);

    await workspaceOf(seed, true);
    const before = callStatsOf(upstream.fake).read().total;
    const res = await get('/bff/screens/inbox?limit=2');
    expect(res.statusCode).toBe(200);
    const page = InboxScreenPage.parse(res.json());
    expect(page.rows.map((r) => r.conversation.id)).toEqual([conversation(3).id, conversation(2).id]);
    expect(page.rows[1]!.messages.map((m) => m.text)).toEqual(['Hello']);
    expect(page).toMatchObject({ total: 3, hasMore: true });
    const found = InboxScreenPage.parse((await get('/bff/screens/inbox?search=HELLO')).json());
    expect(found.rows.map((r) => r.conversation.id)).toEqual([conversation(2).id]);
    expect(found).toMatchObject({ total: 1, hasMore: false });
    expect(callStatsOf(upstream.fake).read().total).toBe(before);
  });

  it('says who on the team sent a row’s newest message, for those the team sent (issue 36.1)', async () => {
    const reply = message(1, 2, { direction: 'outbound', from_me: true, sender_name: 'Acme Inc.' });
    await workspaceOf(
      {
        conversations: [conversation(1), conversation(2)],
        messages: [message(1, 1), reply, message(2, 1)],
      },
      true,
    );
    const { db } = app.bffLive!.workspace;
    await db.deleteFrom('message_authors').execute();
    const lee = { kind: 'person', name: 'Lee Sales', username: 'lee@acme.test' } as const;
    await recordAuthors(db, reply.conversation_id, { [reply.id]: lee });
    const page = InboxScreenPage.parse((await get('/bff/screens/inbox')).json());
    const byId = new Map(page.rows.map((r) => [r.conversation.id, r]));
    expect(byId.get(reply.conversation_id)?.authors).toEqual({ [reply.id]: lee });
    expect(byId.get(conversation(2).id)?.authors).toBeUndefined();
  });

  it('asks to try again when the database cannot serve, never a 500', async () => {
    await workspaceOf({ conversations: [conversation(1)] }, true);
    const failing = vi
      .spyOn(app.bffLive!.workspace, 'readiness')
      .mockRejectedValueOnce(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    const res = await get('/bff/screens/inbox');
    expect(failing).toHaveBeenCalled();
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['x-bff-error']).toBe('1');
    expect((await get('/bff/screens/inbox')).statusCode).toBe(200);
  });

  it('refuses a caller without a session and a malformed query, naming the parameter', async () => {
    expect((await get('/bff/screens/inbox', false)).statusCode).toBe(401);
    const bad = await get('/bff/screens/inbox?assignedTo=someone&limit=500');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/assignedTo/);
    expect(JSON.stringify(bad.json())).toMatch(/limit/);
    expect((await get('/bff/screens/inbox?colour=red')).statusCode).toBe(400);
  });
});

describe('GET /bff/screens/thread', () => {
  it('answers an open thread with its newest messages, newest first, and its linked records', async () => {
    const linked = conversation(7, {
      contact_id: contact(1, 1).id,
      customer_id: customer(1).id,
      lead_id: lead(1).id,
    });
    await workspaceOf(
      {
        conversations: [linked],
        contacts: [contact(1, 1)],
        customers: [customer(1)],
        messages: [message(7, 1, { text: 'older' }), message(7, 2, { text: 'newer' })],
      },
      true,
    );
    const res = await get(`/bff/screens/thread?id=${linked.id}`);
    expect(res.statusCode).toBe(200);
    const screen = ThreadScreen.parse(res.json());
    expect(screen.messages?.data.map((m) => m.text)).toEqual(['newer', 'older']);
    // Fewer than a page: nothing older.
    expect(screen.messages?.hasMore).toBe(false);
    expect(screen.contact?.id).toBe(contact(1, 1).id);
    expect(screen.customer?.id).toBe(customer(1).id);
    // Not held by the BFF (yet): null, and the browser reads it itself.
    expect(screen.lead).toBeNull();
  });

  it('says a thread the workspace does not hold is not found, and a malformed id is a 400', async () => {
    await workspaceOf({ conversations: [conversation(1)] }, true);
    const missing = await get(`/bff/screens/thread?id=${conversation(99).id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-bff-error']).toBe('1');
    expect((await get('/bff/screens/thread?id=nope')).statusCode).toBe(400);
    expect((await get('/bff/screens/thread')).statusCode).toBe(400);
  });
});
