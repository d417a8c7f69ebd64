import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineReport } from '../../contract';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { lead, stage } from '../testing/live-records';
import { signIn } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { HistoryRepository, type HistoryEntry } from './history-repository';

// GET /bff/reports/pipeline through the real BFF and its database: stages in board order with the
// leads that reached them and their stay, won and lost by the stages' flags (a stage named "Won"
// without the flag is an open stage), won and lost value by week, the open leads' forecast.

let stack: AppWithStore;
let app: FastifyInstance;
let manager = '';
const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: manager } });
const move = (
  leadN: number,
  fromStage: string | null,
  toStage: string,
  day: number,
  value = 1000,
): HistoryEntry => ({
  kind: 'move',
  leadId: lead(leadN).id,
  fromStage,
  toStage,
  value,
  currency: 'EUR',
  at: new Date(Date.UTC(2026, 2, 2 + day, 10)).toISOString(),
});

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  app = stack.app;
  await seedWorkspace(stack.store.db, {
    stages: [
      stage(4, 'gone', { name: 'Gone', position: 3, is_lost: true }),
      stage(1, 'new', { name: 'New', position: 0 }),
      stage(3, 'signed', { name: 'Signed', position: 2, is_won: true }),
      stage(2, 'talk', { name: 'Won over', position: 1 }),
    ],
    leads: [
      lead(9, {
        status: 'talk',
        value: 500,
        probability: 50,
        currency: 'EUR',
        expected_close_date: '2026-04-15',
      }),
      lead(10, {
        status: 'new',
        value: 100,
        probability: 250,
        currency: 'EUR',
        expected_close_date: '2026-04-01',
      }),
      lead(11, { status: 'new', currency: 'USD' }),
      lead(12, {
        status: 'new',
        value: 300,
        probability: 10,
        currency: 'EUR',
        expected_close_date: '2026-03-20',
      }),
      lead(8, { status: 'signed', value: 900, currency: 'EUR' }),
      lead(7, { status: 'gone', value: 50, currency: 'EUR', expected_close_date: '2026-04-02' }),
    ],
  });
  await new HistoryRepository(stack.store.db).insert([
    move(1, null, 'new', 0),
    move(1, 'new', 'talk', 2),
    move(1, 'talk', 'signed', 3),
    move(2, null, 'new', 0),
    move(2, 'new', 'gone', 1, 200),
    move(3, null, 'new', 1),
  ]);
  manager = await signIn(app, 'manager');
}, 60_000);
afterAll(() => stack.close());

describe('GET /bff/reports/pipeline', () => {
  it('follows leads stage by stage, counts won and lost by the flags, and forecasts the open ones', async () => {
    const res = await get('/bff/reports/pipeline?from=2026-03-01&to=2026-03-31');
    expect(res.statusCode).toBe(200);
    const report = PipelineReport.parse(res.json());
    expect(report.stages.map((s) => [s.name, s.outcome, s.reached])).toEqual([
      ['New', 'open', 3],
      ['Won over', 'open', 1],
      ['Signed', 'won', 1],
      ['Gone', 'lost', 1],
    ]);
    expect(report.stages[1]!.conversion).toBeCloseTo(1 / 3);
    // Lead 1 stayed 2 days in New, lead 2 one day.
    expect(report.stages[0]).toMatchObject({ left: 2, medianStay: 1.5 * 86_400 });
    expect(report).toMatchObject({ won: 1, lost: 1, winRate: 0.5 });
    expect(report.weekly).toEqual([
      { week: '2026-03-02', currency: 'EUR', wonDeals: 1, wonValue: 1000, lostDeals: 1, lostValue: 200 },
    ]);
    // Only the open leads, by month and currency (no month last): the signed one is won and the
    // gone one lost, whatever their value; a probability above 100 counts as 100.
    expect(report.forecast).toEqual([
      { month: '2026-03', currency: 'EUR', deals: 1, value: 300, weighted: 30 },
      { month: '2026-04', currency: 'EUR', deals: 2, value: 600, weighted: 350 },
      { month: null, currency: 'USD', deals: 1, value: 0, weighted: 0 },
    ]);
  });

  it('refuses a range that ends before it starts', async () => {
    expect((await get('/bff/reports/pipeline?from=2026-03-05&to=2026-03-01')).statusCode).toBe(400);
  });
});
