import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, SlaReport, SlaSettings, type SlaSettingsBody } from '../../contract';
import { openStore, type TeamStore } from '../store/open-store';
import { uuid } from '../testing/live-records';
import { roomApp } from '../testing/room-app';
import { sameOriginHeaders, signIn, testUsers } from '../testing/test-users';
import { SlaRepository } from './sla-repository';
import { slaHandlers } from './sla-routes';
import { SlaService } from './sla-service';

// The SLA routes through the BFF's own route plugin (session, CSRF, role, the strict body), with
// the real service and database: everyone reads the settings, only admins save them; a zone that
// does not exist, shifts that overlap, a target of zero, hostile text and year 9999 are refused
// with a 400 naming the field (never a 500), and nothing is saved.

const log = pino({ level: 'silent' });

let store: TeamStore;
let app: FastifyInstance;
let agent = '';
let manager = '';
let admin = '';

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  const users = await testUsers();
  const repository = new SlaRepository(store.db);
  const service = new SlaService({
    repository,
    db: store.db,
    jobs: null,
    bus: null,
    users: users.users,
    clock: Date.now,
    log,
  });
  app = await roomApp(slaHandlers({ service, repository, workspace: null, people: [] }));
  agent = await signIn(app, 'agent');
  manager = await signIn(app, 'manager');
  admin = await signIn(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const send = (method: 'GET' | 'PUT', url: string, payload?: unknown, cookie = admin) =>
  app.inject({
    method,
    url,
    headers: { ...sameOriginHeaders, cookie, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

const CHANNEL = uuid(7, 'cccccccc');
const good = (): SlaSettingsBody => ({
  hours: {
    timeZone: 'America/New_York',
    week: [
      [],
      [
        { start: 540, end: 720 },
        { start: 780, end: 1020 },
      ],
      [{ start: 540, end: 1020 }],
      [{ start: 540, end: 1020 }],
      [{ start: 540, end: 1020 }],
      [{ start: 540, end: 1020 }],
      [],
    ],
    holidays: [{ date: '2026-12-25', name: 'Christmas' }],
  },
  policies: [
    {
      channelId: CHANNEL,
      firstResponseMinutes: 30,
      nextResponseMinutes: null,
      resolutionMinutes: 1440,
      businessHours: true,
    },
  ],
});

describe('SLA routes', () => {
  it('answers the defaults before any save, to everyone', async () => {
    const res = await send('GET', '/bff/sla', undefined, agent);
    expect(res.statusCode).toBe(200);
    expect(SlaSettings.parse(res.json())).toMatchObject({
      hours: { timeZone: 'UTC' },
      policies: [],
      updatedAt: null,
    });
  });

  it('saves the calendar and policies for an admin, and refuses agents and managers', async () => {
    expect((await send('PUT', '/bff/sla', good(), agent)).statusCode).toBe(403);
    expect((await send('PUT', '/bff/sla', good(), manager)).statusCode).toBe(403);
    const res = await send('PUT', '/bff/sla', good());
    expect(res.statusCode).toBe(200);
    const saved = SlaSettings.parse(res.json());
    expect(saved.hours.week[1]).toHaveLength(2);
    expect(saved.policies).toEqual([
      {
        channelId: CHANNEL,
        firstResponseMinutes: 30,
        nextResponseMinutes: null,
        resolutionMinutes: 1440,
        businessHours: true,
      },
    ]);
    expect(saved.updatedBy).toBe('admin@test.example');
    expect(SlaSettings.parse((await send('GET', '/bff/sla', undefined, agent)).json())).toEqual(saved);
  });

  it('refuses bad input with a 400 naming the field, and keeps what was saved', async () => {
    const cases: [string, (b: SlaSettingsBody) => unknown, RegExp][] = [
      [
        'unknown zone',
        (b) => ({ ...b, hours: { ...b.hours, timeZone: 'Mars/Olympus' } }),
        /hours\.timeZone .*time zone/,
      ],
      [
        'zone with U+0000',
        (b) => ({ ...b, hours: { ...b.hours, timeZone: 'Europe/London\u0000' } }),
        /hours\.timeZone/,
      ],
      [
        'huge zone',
        (b) => ({ ...b, hours: { ...b.hours, timeZone: 'x'.repeat(200_000) } }),
        /hours\.timeZone/,
      ],
      [
        'overlapping shifts',
        (b) => ({
          ...b,
          hours: {
            ...b.hours,
            week: b.hours.week.map((d, i) => (i === 2 ? [...d, { start: 600, end: 660 }] : d)),
          },
        }),
        /hours\.week\.2 .*overlap/,
      ],
      [
        'shift ending before it starts',
        (b) => ({
          ...b,
          hours: { ...b.hours, week: b.hours.week.map((d, i) => (i === 3 ? [{ start: 600, end: 500 }] : d)) },
        }),
        /hours\.week\.3\.0\.end/,
      ],
      [
        'no open time',
        (b) => ({ ...b, hours: { ...b.hours, week: b.hours.week.map(() => []) } }),
        /hours\.week .*open time/,
      ],
      ['six days', (b) => ({ ...b, hours: { ...b.hours, week: b.hours.week.slice(1) } }), /hours\.week/],
      [
        'year 9999 holiday',
        (b) => ({ ...b, hours: { ...b.hours, holidays: [{ date: '9999-12-31' }] } }),
        /hours\.holidays\.0\.date/,
      ],
      [
        'not a date',
        (b) => ({ ...b, hours: { ...b.hours, holidays: [{ date: '2026-02-30' }] } }),
        /hours\.holidays\.0\.date/,
      ],
      [
        'lone surrogate name',
        (b) => ({ ...b, hours: { ...b.hours, holidays: [{ date: '2026-12-24', name: '\ud800' }] } }),
        /hours\.holidays\.0\.name/,
      ],
      [
        'zero target',
        (b) => ({ ...b, policies: [{ ...b.policies[0]!, firstResponseMinutes: 0 }] }),
        /policies\.0\.firstResponseMinutes/,
      ],
      [
        'negative target',
        (b) => ({ ...b, policies: [{ ...b.policies[0]!, resolutionMinutes: -5 }] }),
        /policies\.0\.resolutionMinutes/,
      ],
      [
        'fractional target',
        (b) => ({ ...b, policies: [{ ...b.policies[0]!, nextResponseMinutes: 1.5 }] }),
        /policies\.0\.nextResponseMinutes/,
      ],
      ['channel twice', (b) => ({ ...b, policies: [b.policies[0], b.policies[0]] }), /policies/],
      [
        'not a channel id',
        (b) => ({ ...b, policies: [{ ...b.policies[0]!, channelId: '\u0000' }] }),
        /policies\.0\.channelId/,
      ],
      ['extra field', (b) => ({ ...b, owner: 'me' }), /owner is not allowed/],
    ];
    for (const [name, make, field] of cases) {
      const res = await send('PUT', '/bff/sla', make(good()));
      expect(res.statusCode, name).toBe(400);
      const error = ErrorBody.parse(res.json());
      expect(JSON.stringify(error.message), name).toMatch(field);
    }
    expect(SlaSettings.parse((await send('GET', '/bff/sla')).json()).hours.timeZone).toBe('America/New_York');
  });

  it('reports targets met for managers, with the range checked', async () => {
    const ok = await send('GET', '/bff/reports/sla?from=2026-11-01&to=2026-11-30', undefined, manager);
    expect(ok.statusCode).toBe(200);
    expect(SlaReport.parse(ok.json())).toEqual({ byChannel: [], byAgent: [], byWeek: [], breached: [] });
    expect(
      (await send('GET', '/bff/reports/sla?from=2026-11-01&to=2026-11-30', undefined, agent)).statusCode,
    ).toBe(403);
    for (const query of [
      'from=2026-11-30&to=2026-11-01',
      'from=9999-01-01&to=9999-01-02',
      'from=x&to=y',
      'from=2026-11-01',
    ]) {
      const res = await send('GET', `/bff/reports/sla?${query}`, undefined, manager);
      expect(res.statusCode, query).toBe(400);
      ErrorBody.parse(res.json());
    }
  });
});
