import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, Reminder, ReminderList } from '../../contract';
import { MemoryBus } from '../events/memory-bus';
import { JobQueue } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation, lead } from '../testing/live-records';
import { roomApp } from '../testing/room-app';
import { sameOriginHeaders, signIn } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { startReminders } from './register-reminders';

// The reminder routes through the BFF's own route plugin (session, CSRF, role, parsing by the
// contract, then the room's handlers), with the real service, queue and database: what people
// send is refused with a 400 naming the field and the spec's error body, never a 500; another
// person's reminder is a 404. The app here holds only this room's handlers (every other route
// answers 503), so the room is tested before app.ts lists it.

const log = pino({ level: 'silent' });
const MINUTE = 60_000;

let store: TeamStore;
let jobs: JobQueue;
let app: FastifyInstance;
let agent = '';
let manager = '';

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
  await jobs.start();
  await seedWorkspace(store.db, {
    conversations: [conversation(1)],
    leads: [lead(1, { name: 'Acme renewal' })],
  });
  const { handlers } = await startReminders({
    db: store.db,
    workspace: new WorkspaceReader(store.db),
    jobs,
    bus: new MemoryBus(),
    clock: Date.now,
    log,
  });
  // As app.ts: long path parameters reach the route's own check (a 400 naming id).
  app = await roomApp(handlers);
  agent = await signIn(app, 'agent');
  manager = await signIn(app, 'manager');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await jobs?.stop(2_000);
  await store?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = agent) =>
  app.inject({
    method,
    url,
    headers: { ...sameOriginHeaders, cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const inAnHour = () => new Date(Date.now() + 60 * MINUTE).toISOString();
const thread = { kind: 'conversation', id: conversation(1).id };
const create = (body: unknown, cookie = agent) => send('POST', '/bff/reminders', body, cookie);
const mineOpen = async (cookie = agent) =>
  ReminderList.parse((await send('GET', '/bff/reminders', undefined, cookie)).json()).reminders;

/** A refusal with the spec's error body, whose messages name `field`. */
const refusedOn = (res: { statusCode: number; json: () => unknown }, status: number, field: RegExp) => {
  expect(res.statusCode).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body.statusCode).toBe(status);
  expect(JSON.stringify(body.message)).toMatch(field);
};

describe('reminder routes', () => {
  it('create answers 201 with the reminder, listed for its owner only', async () => {
    const res = await create({ target: thread, dueAt: inAnHour(), note: '  Call back 😀  ' });
    expect(res.statusCode).toBe(201);
    const r = Reminder.parse(res.json());
    expect(r).toMatchObject({ state: 'pending', note: 'Call back 😀', target: thread, recordGone: false });
    expect((await mineOpen()).map((x) => x.id)).toContain(r.id);
    expect((await mineOpen(manager)).map((x) => x.id)).not.toContain(r.id);
    const lead1 = Reminder.parse(
      (await create({ target: { kind: 'lead', id: lead(1).id }, dueAt: inAnHour() })).json(),
    );
    expect(lead1).toMatchObject({ label: 'Acme renewal', note: null });
  });

  it('lets only the owner move, finish or cancel it; anyone else gets a 404', async () => {
    const r = Reminder.parse((await create({ target: thread, dueAt: inAnHour(), note: 'mine' })).json());
    for (const [method, path, body] of [
      ['PUT', `/bff/reminders/${r.id}`, { note: 'theirs' }],
      ['POST', `/bff/reminders/${r.id}/done`, undefined],
      ['POST', `/bff/reminders/${r.id}/cancel`, undefined],
    ] as const)
      refusedOn(await send(method, path, body, manager), 404, /reminder/);
    const later = new Date(Date.now() + 120 * MINUTE).toISOString();
    const moved = await send('PUT', `/bff/reminders/${r.id}`, { dueAt: later });
    expect(Reminder.parse(moved.json())).toMatchObject({ dueAt: later, note: 'mine' });
    const done = await send('POST', `/bff/reminders/${r.id}/done`);
    expect(Reminder.parse(done.json()).state).toBe('done');
    refusedOn(await send('POST', `/bff/reminders/${r.id}/cancel`), 409, /done already/);
    refusedOn(await send('PUT', `/bff/reminders/${r.id}`, { note: 'x' }), 409, /done already/);
    expect(
      ReminderList.parse((await send('GET', '/bff/reminders?state=done')).json()).reminders.map((x) => x.id),
    ).toContain(r.id);
  });

  it('refuses a time in the past, too soon, too far, or not a time, on dueAt', async () => {
    const before = (await mineOpen()).length;
    for (const dueAt of [
      new Date(Date.now() - MINUTE).toISOString(),
      new Date(Date.now() + 10_000).toISOString(),
      new Date(Date.now() + 400 * 24 * 60 * MINUTE).toISOString(),
      '9999-12-31T23:59:59Z',
      '+010000-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      'tomorrow',
      '2026-12-01T09:00:00\u0000Z',
      '\ud800',
      'x'.repeat(100_000),
      null,
      12,
    ])
      refusedOn(await create({ target: thread, dueAt }), 400, /dueAt/);
    refusedOn(await create({ target: thread }), 400, /dueAt/);
    expect(await mineOpen()).toHaveLength(before);
  });

  it('refuses a note that cannot be kept, on note', async () => {
    for (const note of [
      'a\u0000b',
      'lone \ud800 high',
      'lone \udc00 low',
      'x'.repeat(501),
      'y'.repeat(200_000),
      5,
      ['a'],
    ])
      refusedOn(await create({ target: thread, dueAt: inAnHour(), note }), 400, /note/);
    const r = Reminder.parse((await create({ target: thread, dueAt: inAnHour(), note: 'ok' })).json());
    refusedOn(await send('PUT', `/bff/reminders/${r.id}`, { note: 'a\u0000b' }), 400, /note/);
    refusedOn(await send('PUT', `/bff/reminders/${r.id}`, { dueAt: '9999-12-31T23:59:59Z' }), 400, /dueAt/);
    refusedOn(await send('PUT', `/bff/reminders/${r.id}`, {}), 400, /dueAt or note/);
    refusedOn(await send('PUT', `/bff/reminders/${r.id}`, { state: 'done' }), 400, /state is not allowed/);
  });

  it('refuses bad targets and ids with 400, and records the workspace lacks with 404', async () => {
    for (const target of [
      { kind: 'customer', id: conversation(1).id },
      { kind: 'conversation', id: 'not-an-id' },
      { kind: 'conversation', id: '\u0000' },
      { kind: 'conversation' },
      { kind: 'lead', id: lead(1).id, extra: 1 },
      'x'.repeat(10_000),
      null,
    ])
      refusedOn(await create({ target, dueAt: inAnHour() }), 400, /target/);
    refusedOn(
      await create({ target: { kind: 'conversation', id: conversation(9).id }, dueAt: inAnHour() }),
      404,
      /workspace/,
    );
    refusedOn(
      await create({ target: { kind: 'lead', id: conversation(1).id }, dueAt: inAnHour() }),
      404,
      /workspace/,
    );
    for (const id of ['not-an-id', '%00', 'x'.repeat(1_000), '%F0%9F'])
      refusedOn(await send('POST', `/bff/reminders/${id}/done`), 400, /id/);
    refusedOn(await send('POST', `/bff/reminders/${lead(7).id}/done`), 404, /reminder/);
    refusedOn(await send('GET', '/bff/reminders?state=bogus'), 400, /state/);
    refusedOn(await send('GET', '/bff/reminders?state=due&state=done'), 400, /state/);
  });

  it('needs a session, and the same-origin header for changes', async () => {
    expect((await send('GET', '/bff/reminders', undefined, '')).statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/bff/reminders',
      headers: { cookie: agent },
      payload: { target: thread, dueAt: inAnHour() },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
