import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, TeamAvailability, TeammateAvailability } from '../../contract';
import { MemoryBus } from '../events/memory-bus';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation } from '../testing/live-records';
import { roomApp } from '../testing/room-app';
import { sameOriginHeaders, signIn, TEST_USERS, testUsers } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { AvailabilityRepository } from './availability-repository';
import { availabilityHandlers } from './availability-routes';
import { AvailabilityService } from './availability-service';

// The availability routes through the BFF's own route plugin (session, CSRF, role, the strict
// body), with the real service and database: everyone reads the team; each sets only their own
// status; what people send that is not a status is a 400 with the spec's error body, never a 500.

const log = pino({ level: 'silent' });

let store: TeamStore;
let app: FastifyInstance;
let agent = '';
let manager = '';

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  const users = await testUsers();
  const owner = TEST_USERS.agent.upstreamUserId;
  await seedWorkspace(store.db, {
    conversations: [
      conversation(1, { assigned_to_user_id: owner }),
      conversation(2, { assigned_to_user_id: owner }),
      conversation(3, { assigned_to_user_id: owner, status: 'closed' }),
    ],
  });
  const availability = new AvailabilityService({
    repository: new AvailabilityRepository(store.db),
    jobs: null,
    bus: new MemoryBus(),
    users: users.users,
    clock: Date.now,
    awayAfterMinutes: 10,
    log,
  });
  app = await roomApp(availabilityHandlers({ availability }));
  agent = await signIn(app, 'agent');
  manager = await signIn(app, 'manager');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const send = (method: 'GET' | 'PUT', url: string, payload?: unknown, cookie = agent) =>
  app.inject({
    method,
    url,
    headers: { ...sameOriginHeaders, cookie, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const team = async (cookie = agent) =>
  TeamAvailability.parse((await send('GET', '/bff/availability', undefined, cookie)).json());
const memberOf = async (username: string) => (await team()).members.find((m) => m.username === username)!;

describe('availability routes', () => {
  it('sets my own status and answers me as I now am; everyone reads it', async () => {
    const res = await send('PUT', '/bff/availability/me', { status: 'busy' });
    expect(res.statusCode).toBe(200);
    expect(TeammateAvailability.parse(res.json())).toMatchObject({
      username: TEST_USERS.agent.username,
      name: 'Test agent',
      role: 'agent',
      status: 'busy',
      chosen: 'busy',
      auto: false,
      openThreads: 2,
    });
    const seen = await team(manager);
    expect(seen.awayAfterMinutes).toBe(10);
    expect(seen.members.map((m) => [m.username, m.status, m.auto])).toEqual([
      [TEST_USERS.agent.username, 'busy', false],
      // Never seen in a tab: Away by idleness, listed by name.
      [TEST_USERS.admin.username, 'away', true],
      [TEST_USERS.manager.username, 'away', true],
    ]);
  });

  it('refuses what is not a status with a 400 naming the field, and changes nothing', async () => {
    await send('PUT', '/bff/availability/me', { status: 'available' });
    for (const body of [
      { status: 'sleeping' },
      { status: 'busy\u0000' },
      { status: '\ud800' },
      { status: 'x'.repeat(200_000) },
      { status: null },
      { status: 1 },
      { status: ['busy'] },
      {},
    ]) {
      const res = await send('PUT', '/bff/availability/me', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      const error = ErrorBody.parse(res.json());
      expect(error.statusCode).toBe(400);
      expect(JSON.stringify(error.message)).toMatch(/status/);
    }
    for (const body of ['busy', null, [], 42]) {
      const res = await send('PUT', '/bff/availability/me', body);
      expect(res.statusCode).toBe(400);
      ErrorBody.parse(res.json());
    }
    expect(await memberOf(TEST_USERS.agent.username)).toMatchObject({ status: 'available' });
  });

  it("refuses extra fields, so no one can set another person's status", async () => {
    const before = await memberOf(TEST_USERS.manager.username);
    for (const extra of [
      { username: TEST_USERS.manager.username },
      { user: TEST_USERS.manager.username },
      { auto: true },
      { since: '2026-01-01T00:00:00Z' },
    ]) {
      const res = await send('PUT', '/bff/availability/me', { status: 'busy', ...extra });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(ErrorBody.parse(res.json()).message)).toMatch(/not allowed/);
    }
    const other = await send('PUT', `/bff/availability/${encodeURIComponent(TEST_USERS.manager.username)}`, {
      status: 'busy',
    });
    expect(other.statusCode).toBe(404);
    expect(await memberOf(TEST_USERS.manager.username)).toEqual(before);
  });

  it('needs a session, and the same-origin header for a change', async () => {
    expect((await send('GET', '/bff/availability', undefined, '')).statusCode).toBe(401);
    expect((await send('PUT', '/bff/availability/me', { status: 'busy' }, '')).statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'PUT',
      url: '/bff/availability/me',
      headers: { cookie: agent },
      payload: { status: 'busy' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
