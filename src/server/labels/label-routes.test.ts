import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBody,
  Label,
  LabelList,
  SavedView,
  SavedViewList,
  ThreadLabels,
  type LiveEvent,
} from '../../contract';
import { MemoryBus } from '../events/memory-bus';
import { inboxListOf } from '../screens/inbox-list';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation, uuid } from '../testing/live-records';
import { roomApp } from '../testing/room-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { startLabels } from './register-labels';

// Labels and saved views through the BFF's own route plugin (session, CSRF, role, strict bodies),
// with the real services and database: managers keep the list, anyone labels threads (idempotent),
// the inbox filters by label in SQL, views are one's own or the team's with their counts, and what
// people send that makes no sense is a 400 naming the field, never a 500.

let store: TeamStore;
let app: FastifyInstance;
let agent = '';
let manager = '';
const events: LiveEvent[] = [];
const me = TEST_USERS.agent.upstreamUserId;

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  await seedWorkspace(store.db, {
    conversations: [
      conversation(1, { assigned_to_user_id: me }),
      conversation(2),
      conversation(3, { status: 'closed' }),
    ],
  });
  const bus = new MemoryBus();
  bus.subscribe((e) => events.push(e.event));
  const room = startLabels({ db: store.db, bus, clock: Date.now, unreadThreadsFor: null, snoozes: false });
  app = await roomApp(room.handlers);
  agent = await signIn(app, 'agent');
  manager = await signIn(app, 'manager');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = manager) =>
  app.inject({
    method,
    url,
    headers: {
      ...sameOriginHeaders,
      cookie,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const create = async (name: string, color = '#3b82f6') =>
  Label.parse((await send('POST', '/bff/labels', { name, color })).json());
const lines = (res: { json: () => unknown }) => ErrorBody.parse(res.json()).message;
const thread = uuid(1, 'c0c0c0c0');

describe('labels', () => {
  it('lets managers create, rename, recolour, move and delete labels; everyone reads them, live', async () => {
    const urgent = await create('  Urgent ');
    expect(urgent).toMatchObject({ name: 'Urgent', color: '#3b82f6', position: 0 });
    const vip = await create('VIP', '#ef4444');
    expect(vip.position).toBe(1);
    const moved = await send('PUT', `/bff/labels/${vip.id}`, { name: 'V.I.P.', position: 0 });
    expect(Label.parse(moved.json())).toMatchObject({ name: 'V.I.P.', position: 0 });
    const list = LabelList.parse((await send('GET', '/bff/labels', undefined, agent)).json());
    expect(list.labels.map((l) => l.name)).toEqual(['V.I.P.', 'Urgent']);
    expect(events.at(-1)).toMatchObject({ type: 'labels.replaced' });
    const gone = await send('POST', `/bff/labels/${vip.id}/delete`);
    expect(LabelList.parse(gone.json()).labels.map((l) => l.name)).toEqual(['Urgent']);
    expect((await send('POST', `/bff/labels/${vip.id}/delete`)).statusCode).toBe(404);
  });

  it('refuses a name already taken whatever its case, on the field', async () => {
    await create('Billing');
    const res = await send('POST', '/bff/labels', { name: 'BILLING', color: '#22c55e' });
    expect(res.statusCode).toBe(400);
    expect(lines(res)).toEqual(['name is already taken by another label']);
  });

  it('lets agents only read the list', async () => {
    expect((await send('POST', '/bff/labels', { name: 'Mine', color: '#22c55e' }, agent)).statusCode).toBe(
      403,
    );
  });

  it.each([
    [{ name: '', color: '#22c55e' }, 'name'],
    [{ name: 'x'.repeat(41), color: '#22c55e' }, 'name'],
    [{ name: 'a\u0000b', color: '#22c55e' }, 'name'],
    [{ name: '\uD800', color: '#22c55e' }, 'name'],
    [{ name: 'x'.repeat(100_000), color: '#22c55e' }, 'name'],
    [{ name: 'Ok', color: 'url(https://evil.example/)' }, 'color'],
    [{ name: 'Ok', color: '#22c55e', extra: 1 }, ''],
  ])('refuses %j with a 400 naming the field', async (body, field) => {
    const res = await send('POST', '/bff/labels', body);
    expect(res.statusCode).toBe(400);
    expect(lines(res).toString()).toContain(field);
  });

  it('puts labels on a thread and takes them off; the same change twice is no change', async () => {
    const label = await create('Follow up');
    for (let i = 0; i < 2; i += 1) {
      const res = await send('POST', `/bff/conversations/${thread}/labels`, { add: [label.id] }, agent);
      expect(ThreadLabels.parse(res.json()).labelIds).toEqual([label.id]);
    }
    expect(events.at(-1)).toEqual({
      type: 'conversation.labels',
      conversationId: thread,
      labelIds: [label.id],
    });
    const off = await send('POST', `/bff/conversations/${thread}/labels`, { remove: [label.id] }, agent);
    expect(ThreadLabels.parse(off.json()).labelIds).toEqual([]);
    const again = await send('POST', `/bff/conversations/${thread}/labels`, { remove: [label.id] }, agent);
    expect(again.statusCode).toBe(200);
  });

  it('refuses an unknown label, an unknown thread and an empty change', async () => {
    const unknown = await send('POST', `/bff/conversations/${thread}/labels`, { add: [uuid(9)] }, agent);
    expect(unknown.statusCode).toBe(400);
    expect(lines(unknown)).toEqual(['add.0 is not a label']);
    const label = await create('Somewhere');
    const noThread = await send('POST', `/bff/conversations/${uuid(99)}/labels`, { add: [label.id] }, agent);
    expect(noThread.statusCode).toBe(404);
    expect((await send('POST', `/bff/conversations/${thread}/labels`, {}, agent)).statusCode).toBe(400);
    expect(
      (await send('POST', `/bff/conversations/not-an-id/labels`, { add: [label.id] }, agent)).statusCode,
    ).toBe(400);
  });

  it('filters the inbox by label in SQL and carries each row its labels', async () => {
    const label = await create('Filter me');
    await send('POST', `/bff/conversations/${uuid(2, 'c0c0c0c0')}/labels`, { add: [label.id] }, agent);
    const reader = new WorkspaceReader(store.db);
    const page = await inboxListOf(reader, { status: 'open', label: label.id });
    expect(page.rows.map((r) => r.conversation.id)).toEqual([uuid(2, 'c0c0c0c0')]);
    expect(page.rows[0]!.labelIds).toEqual([label.id]);
    expect(page.total).toBe(1);
  });
});

describe('saved views', () => {
  const view = (res: { json: () => unknown }) => SavedView.parse(res.json());
  const list = async (cookie: string) =>
    SavedViewList.parse((await send('GET', '/bff/views', undefined, cookie)).json()).views;

  it('keeps my own view for me alone, with its count', async () => {
    const res = await send(
      'POST',
      '/bff/views',
      { name: 'My open', scope: 'mine', filters: { owner: 'mine' } },
      agent,
    );
    expect(res.statusCode).toBe(201);
    expect(view(res)).toMatchObject({
      name: 'My open',
      scope: 'mine',
      owner: TEST_USERS.agent.username,
      count: 1,
    });
    expect((await list(agent)).map((v) => v.name)).toContain('My open');
    expect((await list(manager)).map((v) => v.name)).not.toContain('My open');
    const id = view(res).id;
    expect((await send('PUT', `/bff/views/${id}`, { name: 'Taken' }, manager)).statusCode).toBe(404);
    expect((await send('POST', `/bff/views/${id}/delete`, undefined, manager)).statusCode).toBe(404);
    const renamed = await send('PUT', `/bff/views/${id}`, { name: 'Mine, open' }, agent);
    expect(view(renamed).name).toBe('Mine, open');
  });

  it('lets only managers and admins keep team views; everyone sees them', async () => {
    const body = { name: 'Closed', scope: 'team', filters: { status: 'closed' } };
    expect((await send('POST', '/bff/views', body, agent)).statusCode).toBe(403);
    const made = view(await send('POST', '/bff/views', body, manager));
    expect(made.count).toBe(1);
    expect((await list(agent)).find((v) => v.id === made.id)?.count).toBe(1);
    expect((await send('PUT', `/bff/views/${made.id}`, { name: 'x' }, agent)).statusCode).toBe(403);
    expect((await send('POST', `/bff/views/${made.id}/delete`, undefined, agent)).statusCode).toBe(403);
    expect((await send('POST', `/bff/views/${made.id}/delete`, undefined, manager)).statusCode).toBe(200);
  });

  it('refuses an unknown label; a view whose label was deleted opens without it', async () => {
    const unknown = await send(
      'POST',
      '/bff/views',
      { name: 'x', scope: 'mine', filters: { label: uuid(8) } },
      agent,
    );
    expect(unknown.statusCode).toBe(400);
    expect(lines(unknown)).toEqual(['filters.label is not a label']);
    const label = await create('Short-lived');
    const made = view(
      await send(
        'POST',
        '/bff/views',
        { name: 'Labelled', scope: 'mine', filters: { label: label.id } },
        agent,
      ),
    );
    expect(made.count).toBe(0);
    await send('POST', `/bff/labels/${label.id}/delete`);
    const after = (await list(agent)).find((v) => v.id === made.id)!;
    expect(after).toMatchObject({ labelGone: true, filters: {} });
  });

  it.each([
    { name: '', scope: 'mine', filters: {} },
    { name: 'x'.repeat(10_000), scope: 'mine', filters: {} },
    { name: 'a\u0000', scope: 'mine', filters: {} },
    { name: 'ok', scope: 'everyone', filters: {} },
    { name: 'ok', scope: 'mine', filters: { status: 'gone' } },
    { name: 'ok', scope: 'mine', filters: { q: '\uDC00' } },
    { name: 'ok', scope: 'mine', filters: { since: '9999-12-31' } },
  ])('refuses %j with a 400', async (body) => {
    const res = await send('POST', '/bff/views', body, agent);
    expect(res.statusCode).toBe(400);
  });
});
