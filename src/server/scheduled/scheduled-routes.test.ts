import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, ScheduledList, ScheduledMessage } from '../../contract';
import { BFF_ROUTES_BY_ID, type BffRouteId } from '../../contract/routes';
import type { User } from '../auth/users';
import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import { registerBffRoutes } from '../bff-routes/register-bff-routes';
import { MemoryBus } from '../events/memory-bus';
import { IdempotencyRepository } from '../idempotency/idempotency-repository';
import { JobQueue } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { HOSTILE_PATH_IDS, HOSTILE_TEXT } from '../testing/hostile-values';
import { conversation, message } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { KeyedJobSend } from './keyed-job-send';
import { ScheduledRepository } from './scheduled-repository';
import { scheduledHandlers } from './scheduled-routes';
import { ScheduledService } from './scheduled-service';

// The scheduled-send routes as the BFF registers them (register-bff-routes.ts: the contract's
// schemas parse params and bodies before the handler), over a real database and job queue:
// create, list, edit and cancel answer their statuses and records; hostile values (past times,
// year 9999, bad ids, huge or unstorable text) are 400s with the spec's error body, never a 500.
// The session and role checks are the app's (the route table gives these to every role); here a
// guard signs every request in as one agent.

const log = pino({ level: 'silent' });
const AGENT: User = {
  username: 'agent@test.example',
  displayName: 'Agent Ann',
  role: 'agent',
  upstreamUserId: 'a0000000-0000-4000-8000-000000000001',
  passwordHash: '',
};
const HOUR = 3_600_000;

let store: TeamStore;
let jobs: JobQueue;
let app: FastifyInstance;

/** Thread 1: its contact wrote a minute ago (window open 24 h); thread 2: closed. */
const open = conversation(1, { last_message_at: new Date(Date.now() - 60_000).toISOString() });
const closed = conversation(2, { status: 'closed' });

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
  await jobs.start();
  await seedWorkspace(
    store.db,
    {
      conversations: [open, closed],
      messages: [message(1, 1, { created_at: new Date(Date.now() - 60_000).toISOString() })],
    },
    Date.now(),
  );
  const service = new ScheduledService({
    repository: new ScheduledRepository(store.db),
    workspace: new WorkspaceReader(store.db),
    jobs,
    bus: new MemoryBus(),
    // Nothing is due within these tests: the worker is not started and nothing reaches an upstream.
    sender: new KeyedJobSend({
      repository: new IdempotencyRepository(store.db),
      upstream: { call: () => Promise.reject(new Error('no upstream in this test')) },
      clock: Date.now,
      log,
      lostGraceMs: 60_000,
    }),
    publishSend: () => Promise.resolve(),
    clock: Date.now,
    log,
  });
  const own = scheduledHandlers({ scheduled: service });
  const others = () => ({ ok: true });
  app = Fastify({
    loggerInstance: log,
    routerOptions: { maxParamLength: 2048 },
  }) as unknown as FastifyInstance;
  app.decorateRequest('bffUser', null);
  registerBffRoutes(app, {
    guard: (request) => {
      request.bffUser = AGENT;
      return false;
    },
    available: new Set(['database', 'live', 'queue']),
    // Every other room's routes are registered too; only these are called.
    handlers: Object.fromEntries(
      (Object.keys(BFF_ROUTES_BY_ID) as BffRouteId[]).map((id) => [
        id,
        (own as Record<string, unknown>)[id] ?? others,
      ]),
    ) as AnyBffHandlers,
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app.close();
  await jobs.stop(2_000);
  await store.close();
});

const create = (id: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/bff/conversations/${id}/scheduled`, payload: payload as object });
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

/** A refusal as the spec words it: status, body shape, and (for a 400) lines naming `field`. */
function expectRefused(
  answer: { statusCode: number; json: () => unknown },
  status: number,
  field?: string,
): void {
  expect(answer.statusCode).toBe(status);
  const body = ErrorBody.parse(answer.json());
  expect(body.statusCode).toBe(status);
  if (field) {
    const lines = Array.isArray(body.message) ? body.message : [body.message];
    expect(lines.some((l) => l.startsWith(`${field} `))).toBe(true);
  }
}

describe('scheduling through the routes', () => {
  it('creates (201), lists, edits and cancels', async () => {
    const created = await create(open.id, { text: 'See you at nine', sendAt: inHours(2) });
    expect(created.statusCode).toBe(201);
    const scheduled = ScheduledMessage.parse(created.json());
    expect(scheduled).toMatchObject({
      conversationId: open.id,
      kind: 'text',
      state: 'scheduled',
      scheduledBy: { username: AGENT.username, name: 'Agent Ann' },
    });

    const list = ScheduledList.parse(
      (await app.inject({ method: 'GET', url: `/bff/conversations/${open.id}/scheduled` })).json(),
    );
    expect(list.map((s) => s.id)).toEqual([scheduled.id]);
    const mine = ScheduledList.parse(
      (await app.inject({ method: 'GET', url: '/bff/scheduled?mine' })).json(),
    );
    expect(mine.map((s) => s.id)).toContain(scheduled.id);

    const later = inHours(3);
    const edited = await app.inject({
      method: 'PUT',
      url: `/bff/scheduled/${scheduled.id}`,
      payload: { sendAt: later, text: 'See you at ten' },
    });
    expect(edited.statusCode).toBe(200);
    expect(ScheduledMessage.parse(edited.json())).toMatchObject({ sendAt: later, text: 'See you at ten' });

    const cancelled = await app.inject({ method: 'POST', url: `/bff/scheduled/${scheduled.id}/cancel` });
    expect(ScheduledMessage.parse(cancelled.json()).state).toBe('cancelled');
    // Once cancelled: no edit (409), no second cancel (409), gone from the thread's list.
    expectRefused(
      await app.inject({
        method: 'PUT',
        url: `/bff/scheduled/${scheduled.id}`,
        payload: { sendAt: inHours(4) },
      }),
      409,
    );
    expectRefused(await app.inject({ method: 'POST', url: `/bff/scheduled/${scheduled.id}/cancel` }), 409);
    const after = ScheduledList.parse(
      (await app.inject({ method: 'GET', url: `/bff/conversations/${open.id}/scheduled` })).json(),
    );
    expect(after.map((s) => s.id)).not.toContain(scheduled.id);
  });

  it('refuses a closed thread (409) and an unknown one (404)', async () => {
    expectRefused(await create(closed.id, { text: 'Hi', sendAt: inHours(1) }), 409);
    expectRefused(
      await create('00000000-0000-4000-8000-00000000dead', { text: 'Hi', sendAt: inHours(1) }),
      404,
    );
    expectRefused(
      await app.inject({ method: 'POST', url: '/bff/scheduled/00000000-0000-4000-8000-00000000dead/cancel' }),
      404,
    );
  });

  it('refuses a text due after the window closes, on sendAt, offering a template', async () => {
    const answer = await create(open.id, { text: 'Tomorrow', sendAt: inHours(25) });
    expectRefused(answer, 400, 'sendAt');
    expect(JSON.stringify(answer.json())).toMatch(/template/);
  });
});

describe('hostile values', () => {
  const times: [string, unknown][] = [
    ['a past time', '2001-01-01T00:00:00.000Z'],
    ['now', new Date().toISOString()],
    ['year 9999', '9999-12-31T23:59:59.999Z'],
    ['year 0', '0000-01-01T00:00:00.000Z'],
    ['expanded year', '+275760-09-13T00:00:00.000Z'],
    ['30 February', '2026-02-30T10:00:00Z'],
    ['words', 'tomorrow'],
    ['empty', ''],
    ['a number', 1_900_000_000_000],
    ['null', null],
  ];
  it.each(times)('sendAt as %s: 400 on sendAt', async (_name, sendAt) => {
    expectRefused(await create(open.id, { text: 'Hi', sendAt }), 400, 'sendAt');
  });

  it.each(HOSTILE_TEXT.filter((h) => /U\+0000|surrogate|10,001|whitespace/.test(h.name)))(
    'text with $name: 400 on text',
    async ({ value }) => {
      expectRefused(await create(open.id, { text: value, sendAt: inHours(1) }), 400, 'text');
    },
  );

  it('refuses huge text, both text and template, neither, and unknown fields', async () => {
    expectRefused(await create(open.id, { text: 'x'.repeat(100_000), sendAt: inHours(1) }), 400, 'text');
    const template = { templateName: 'hello', templateLanguage: 'en' };
    expectRefused(await create(open.id, { text: 'Hi', template, sendAt: inHours(1) }), 400, 'text');
    expectRefused(await create(open.id, { sendAt: inHours(1) }), 400, 'text');
    expectRefused(await create(open.id, { text: 'Hi', sendAt: inHours(1), channelId: 'x' }), 400);
    expectRefused(
      await create(open.id, {
        template: { templateName: 'a\u0000b', templateLanguage: 'en' },
        sendAt: inHours(1),
      }),
      400,
      'template.templateName',
    );
    expectRefused(
      await create(open.id, { text: 'Hi', replyTo: 'not-an-id', sendAt: inHours(1) }),
      400,
      'replyTo',
    );
  });

  it.each(HOSTILE_PATH_IDS)('a path id $name: refused, never a 500', async ({ value }) => {
    for (const request of [
      { method: 'GET' as const, url: `/bff/conversations/${value}/scheduled` },
      {
        method: 'POST' as const,
        url: `/bff/conversations/${value}/scheduled`,
        payload: { text: 'x', sendAt: inHours(1) },
      },
      { method: 'PUT' as const, url: `/bff/scheduled/${value}`, payload: { sendAt: inHours(1) } },
      { method: 'POST' as const, url: `/bff/scheduled/${value}/cancel` },
    ]) {
      const answer = await app.inject(request);
      // 400 from the id's schema; a dot-dot path is resolved to another route (or none) before any
      // handler of these: whichever answers, nothing is scheduled or changed and nothing fails.
      expect(answer.statusCode).toBeLessThan(500);
      expect([201, 200].includes(answer.statusCode) && request.method !== 'GET').toBe(false);
    }
  });

  it('refuses an edit with nothing to change, or text for a template', async () => {
    const created = ScheduledMessage.parse(
      (
        await create(open.id, {
          template: { templateName: 'hello', templateLanguage: 'en' },
          sendAt: inHours(30),
        })
      ).json(),
    );
    const put = (payload: unknown) =>
      app.inject({ method: 'PUT', url: `/bff/scheduled/${created.id}`, payload: payload as object });
    expectRefused(await put({}), 400, 'sendAt');
    expectRefused(await put({ text: 'now a text' }), 400, 'text');
    expectRefused(await put({ sendAt: '9999-12-31T23:59:59.999Z' }), 400, 'sendAt');
  });
});
