import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MentionList, NOTE_MAX, Note, NoteList, type LiveEvent } from '../../contract';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { contact, conversation, message } from '../testing/live-records';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';

// Private notes and mentions through the real BFF and its database: saved and listed per thread,
// never sent upstream, mentions only of people who can sign in, each mention listed for that
// teammate until read, and live events to everyone (the note) and to the mentioned (the mention).

let stack: AppWithStore;
let upstream: AppWithStore['upstream'];
let app: FastifyInstance;
let agent = '';
let manager = '';
const events: { event: LiveEvent; audience?: readonly string[] | undefined }[] = [];

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...sameOriginHeaders, cookie },
    ...(payload ? { payload } : {}),
  });
const THREAD = conversation(1).id;
const CHANNEL = '0c4a0000-0000-4000-8000-000000000001';

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  ({ upstream, app } = stack);
  // A thread named by its contact, and one with no contact, named by its latest inbound sender.
  await seedWorkspace(stack.store.db, {
    conversations: [conversation(1, { contact_id: contact(1, 1).id, channel_id: CHANNEL }), conversation(2)],
    contacts: [contact(1, 1, { first_name: 'Sofia', last_name: 'Reyes' })],
    messages: [message(2, 1, { sender_name: 'Bruno' })],
  });
  app.bffLive!.bus.subscribe((bus) => void events.push({ event: bus.event, audience: bus.audience }));
  agent = await signIn(app, 'agent');
  manager = await signIn(app, 'manager');
}, 60_000);
afterAll(() => stack.close());

describe('notes and mentions', () => {
  it('saves a note with a mention, lists it on the thread, and tells the mentioned teammate', async () => {
    const before = callStatsOf(upstream.fake).read().total;
    const res = await post(`/bff/conversations/${THREAD}/notes`, agent, {
      body: '  Refund approved, @Manager please confirm  ',
      mentions: [TEST_USERS.manager.username.toUpperCase()],
    });
    expect(res.statusCode).toBe(201);
    const note = Note.parse(res.json());
    expect(note).toMatchObject({
      body: 'Refund approved, @Manager please confirm',
      author: TEST_USERS.agent.username,
    });
    expect(note.mentions).toEqual([TEST_USERS.manager.username]);
    // Never sent to the contact: the upstream was not called at all.
    expect(callStatsOf(upstream.fake).read().total).toBe(before);

    expect(
      NoteList.parse((await get(`/bff/conversations/${THREAD}/notes`, manager)).json()).map((n) => n.id),
    ).toEqual([note.id]);
    expect(events.map((e) => [e.event.type, e.audience])).toEqual([
      ['note.created', undefined],
      ['mention.created', [TEST_USERS.manager.username]],
    ]);

    const mine = MentionList.parse((await get('/bff/mentions', manager)).json());
    expect(mine.unread).toBe(1);
    expect(mine.mentions.map((m) => [m.note.id, m.readAt])).toEqual([[note.id, null]]);
    // Where it is: the thread's name as its row shows it (its contact), and its channel.
    expect(mine.mentions[0]!.thread).toEqual({ name: 'Sofia Reyes', channelId: CHANNEL });
    expect(MentionList.parse((await get('/bff/mentions', agent)).json()).unread).toBe(0);

    expect((await post(`/bff/mentions/${note.id}/read`, manager)).statusCode).toBe(204);
    expect(MentionList.parse((await get('/bff/mentions', manager)).json()).unread).toBe(0);
    // Someone the note does not mention has nothing to read.
    expect((await post(`/bff/mentions/${note.id}/read`, agent)).statusCode).toBe(404);
  });

  it('names each mention’s thread as its row does, and says when the workspace no longer holds it', async () => {
    const other = Note.parse(
      (
        await post(`/bff/conversations/${conversation(2).id}/notes`, agent, {
          body: 'and this one',
          mentions: [TEST_USERS.manager.username],
        })
      ).json(),
    );
    const gone = Note.parse(
      (
        await post(`/bff/conversations/${THREAD}/notes`, agent, {
          body: 'soon gone',
          mentions: [TEST_USERS.manager.username],
        })
      ).json(),
    );
    await stack.store.db
      .updateTable('ws_conversations')
      .set({ removed_at: 1 })
      .where('id', '=', conversation(1).id)
      .execute();
    const mine = MentionList.parse((await get('/bff/mentions', manager)).json());
    const where = new Map(mine.mentions.map((m) => [m.note.id, m.thread]));
    // The thread without a contact is named by its latest inbound sender.
    expect(where.get(other.id)).toEqual({ name: 'Bruno', channelId: null });
    expect(where.get(gone.id)).toBeNull();
    await stack.store.db
      .updateTable('ws_conversations')
      .set({ removed_at: null })
      .where('id', '=', conversation(1).id)
      .execute();
  });

  it('refuses an empty or oversized note, a mention of nobody, a thread the workspace lacks', async () => {
    const empty = await post(`/bff/conversations/${THREAD}/notes`, agent, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toMatch(/body/);
    const long = await post(`/bff/conversations/${THREAD}/notes`, agent, { body: 'x'.repeat(NOTE_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toMatch(/at most 5000 characters/);
    const nobody = await post(`/bff/conversations/${THREAD}/notes`, agent, {
      body: 'hi',
      mentions: ['ghost@nowhere.test'],
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(JSON.stringify(nobody.json())).toMatch(/ghost@nowhere.test is not a teammate/);
    expect(
      (await post(`/bff/conversations/${conversation(9).id}/notes`, agent, { body: 'hi' })).statusCode,
    ).toBe(404);
    expect((await post('/bff/conversations/nope/notes', agent, { body: 'hi' })).statusCode).toBe(400);
    expect((await get(`/bff/conversations/${THREAD}/notes`, '')).statusCode).toBe(401);
    expect((await post('/bff/mentions/abc/read', agent)).statusCode).toBe(400);
  });
});
