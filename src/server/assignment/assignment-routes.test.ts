import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssignmentOverview, ChannelAssignment, ErrorBody } from '../../contract';
import { AvailabilityRepository } from '../availability/availability-repository';
import { JobQueue } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { HOSTILE_JSON_NUMBERS, HOSTILE_PATH_IDS, HOSTILE_TEXT } from '../testing/hostile-values';
import { uuid } from '../testing/live-records';
import { roomApp } from '../testing/room-app';
import { sameOriginHeaders, signIn, TEST_USERS, testUsers } from '../testing/test-users';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { replaceList } from '../workspace/workspace-writer';
import { AssignmentRepository } from './assignment-repository';
import { assignmentHandlers } from './assignment-routes';
import { AssignmentRunner } from './assignment-runner';
import { AssignmentService } from './assignment-service';

// The assignment routes through the BFF's own route plugin (session, CSRF, role, the strict body),
// with the real service and database: everyone reads the rules, only admins set one; a body the
// contract refuses (a cap of 0, a hostile string, an unknown field) or one naming someone not on
// the team is a 400 with the spec's error body naming the field, never a 500.

const log = pino({ level: 'silent' });
const CHANNEL = uuid(1, 'cccccccc');

let store: TeamStore;
let jobs: JobQueue;
let app: FastifyInstance;
let agent = '';
let admin = '';

const valid = {
  enabled: true,
  mode: 'round-robin',
  members: [TEST_USERS.agent.username, TEST_USERS.manager.username],
  cap: 5,
  noReplyMinutes: 30,
  noReplyTo: null,
};

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  await replaceList(store.db, 'channels', [{ id: CHANNEL, name: 'WhatsApp', platform: 'whatsapp' }], {
    startedAt: 0,
    now: 0,
  });
  const users = (await testUsers()).users;
  jobs = new JobQueue(store.db as Kysely<unknown>, { log });
  await jobs.start();
  const repository = new AssignmentRepository(store.db);
  const workspace = new WorkspaceReader(store.db);
  const runner = new AssignmentRunner({
    repository,
    availability: new AvailabilityRepository(store.db),
    jobs,
    upstream: {
      assign: () => Promise.reject(new Error('no upstream here')),
      read: () => Promise.resolve(undefined),
    },
    publish: async () => undefined,
    audit: () => undefined,
    users,
    channelName: async () => 'WhatsApp',
    threadName: async () => 'Thread',
    awayAfterMinutes: 10,
    clock: Date.now,
    log,
  });
  const assignment = new AssignmentService({
    repository,
    runner,
    users,
    channels: () => workspace.list('channels'),
    threadNames: (threads) => workspace.threadNames(threads),
    clock: Date.now,
  });
  app = await roomApp(assignmentHandlers({ assignment }));
  agent = await signIn(app, 'agent');
  admin = await signIn(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await jobs?.stop();
  await store?.close();
});

const send = (method: 'GET' | 'PUT', url: string, payload?: unknown, cookie = admin) =>
  app.inject({
    method,
    url,
    headers: { ...sameOriginHeaders, cookie, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const put = (body: unknown, cookie = admin, channel = CHANNEL) =>
  send('PUT', `/bff/assignment/rules/${channel}`, body, cookie);
const refusedOn = async (body: unknown, field: RegExp) => {
  const res = await put(body);
  expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
  expect(JSON.stringify(ErrorBody.parse(res.json()).message), JSON.stringify(body).slice(0, 80)).toMatch(
    field,
  );
};

describe('assignment routes', () => {
  it('an admin sets a channel’s rule; everyone reads it', async () => {
    const res = await put(valid);
    expect(res.statusCode).toBe(200);
    expect(ChannelAssignment.parse(res.json())).toMatchObject({
      channelId: CHANNEL,
      channelName: 'WhatsApp',
      rule: { ...valid, updatedBy: TEST_USERS.admin.username },
      waiting: [],
    });
    const read = AssignmentOverview.parse((await send('GET', '/bff/assignment', undefined, agent)).json());
    expect(read.channels).toHaveLength(1);
    expect(read.channels[0]!.rule).toMatchObject(valid);
    expect(read.team.map((t) => t.username)).toContain(TEST_USERS.agent.username);
  });

  it('an agent may not set a rule', async () => {
    expect((await put({ ...valid, cap: 1 }, agent)).statusCode).toBe(403);
  });

  it('refuses a cap or a time of zero, out of bounds or not whole, on its field', async () => {
    for (const cap of [0, -1, 501, 1.5, '5', ...HOSTILE_JSON_NUMBERS.map((h) => h.value)])
      await refusedOn({ ...valid, cap }, /cap/);
    for (const noReplyMinutes of [0, 10_081, 0.5, ...HOSTILE_JSON_NUMBERS.map((h) => h.value)])
      await refusedOn({ ...valid, noReplyMinutes }, /noReplyMinutes/);
  });

  it('refuses teammates who left, hostile names, no one, twice the same, and a mode it does not know', async () => {
    await refusedOn(
      { ...valid, members: [TEST_USERS.agent.username, 'left@test.example'] },
      /members\.1 .*not on the team/,
    );
    await refusedOn({ ...valid, noReplyTo: 'left@test.example' }, /noReplyTo .*not on the team/);
    await refusedOn(
      { ...valid, noReplyMinutes: null, noReplyTo: TEST_USERS.agent.username },
      /noReplyTo needs/,
    );
    await refusedOn({ ...valid, members: [] }, /members/);
    await refusedOn({ ...valid, members: [TEST_USERS.agent.username, TEST_USERS.agent.username] }, /members/);
    await refusedOn({ ...valid, members: Array.from({ length: 201 }, (_, i) => `u${String(i)}`) }, /members/);
    for (const hostile of [
      ...HOSTILE_TEXT,
      { name: 'huge', value: 'x'.repeat(200_000) },
      { name: 'lone surrogate', value: '\ud800' },
    ]) {
      await refusedOn({ ...valid, members: [hostile.value] }, /members/);
      await refusedOn({ ...valid, noReplyTo: hostile.value }, /noReplyTo/);
    }
    await refusedOn({ ...valid, mode: 'random' }, /mode/);
    await refusedOn({ ...valid, mode: 'round-robin\u0000' }, /mode/);
    await refusedOn({ ...valid, owner: TEST_USERS.agent.username }, /owner is not allowed/);
    for (const body of [null, [], 'x', 42, {}]) {
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      ErrorBody.parse(res.json());
    }
    // Nothing refused changed the rule.
    const read = AssignmentOverview.parse((await send('GET', '/bff/assignment')).json());
    expect(read.channels[0]!.rule).toMatchObject(valid);
  });

  it('a channel that does not exist is a 404; an id that is not one a 400, never a 500', async () => {
    expect((await put(valid, admin, uuid(2, 'cccccccc'))).statusCode).toBe(404);
    for (const id of HOSTILE_PATH_IDS) {
      const res = await send('PUT', `/bff/assignment/rules/${id.value}`, valid);
      expect(res.statusCode, id.name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id.name).toBeLessThan(500);
    }
  });

  it('needs a session, and the same-origin header for a change', async () => {
    expect((await send('GET', '/bff/assignment', undefined, '')).statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'PUT',
      url: `/bff/assignment/rules/${CHANNEL}`,
      headers: { cookie: admin },
      payload: valid,
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
