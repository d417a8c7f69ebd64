import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newestFirst } from '../../../mocks/core/compare';
import { pageOf } from '../../../mocks/core/paging';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { createLogger } from '../logger';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { buildTestApp, TEST_TENANT } from '../testing/test-app';
import { RedisSnapshots } from './snapshot';

// Issue 34, point 5: a workspace larger than the bus used to keep (10,000 events) was cut without a
// word: a 50,000-lead first read left both instances, and the snapshot, with about 10,000 leads.
// Two instances on a real Redis, one fake upstream grown to 50,000 leads: A loads them, B follows
// the bus from before the load began; both models and the snapshot must end up with every lead.

const LEADS = 50_000;
const SLOW = 10 * 60_000;
const LIVE = {
  settings: {
    sync: {
      leaseTtlMs: 3_000,
      activeIntervalMs: 1_000,
      idleIntervalMs: 1_000,
      snapshotEveryMs: 5_000,
      conversationSweepMs: SLOW,
      leadSweepMs: SLOW,
      customerSweepMs: SLOW,
      contactPaceMs: SLOW,
      activityPaceMs: SLOW,
      listSweepMs: SLOW,
      templateSweepMs: SLOW,
    },
  },
};

let redis: TestRedis;
let upstream: FakeUpstream;
let front: { server: Server; socialBase: string; crmBase: string };
const apps: FastifyInstance[] = [];

/**
 * The fake in front of a faster lead list: the fake sorts its whole list on every call (about
 * 0.3 s a page at 50,000 leads, 500 pages), so the unfiltered list is answered here from the same
 * leads sorted once, in the fake's own order and envelope. Everything else goes to the fake.
 */
async function startFront(fake: FakeUpstream): Promise<typeof front> {
  const sorted = [...fake.fake.workspace().crm.leads.values()].sort(newestFirst);
  const target = new URL(fake.origin);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', fake.origin);
    const offset = url.searchParams.get('offset');
    if (
      req.method === 'GET' &&
      url.pathname === '/crm/api/v1/leads' &&
      offset !== null &&
      url.searchParams.size === 2
    ) {
      const body = pageOf(sorted, { offset: Number(offset), limit: Number(url.searchParams.get('limit')) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
      return;
    }
    const onward = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, socialBase: `${origin}/social/api`, crmBase: `${origin}/crm/api` };
}

async function instance(): Promise<FastifyInstance> {
  const app = await buildTestApp(front, {
    env: { API_KEY: 'demo-admin-key', TENANT_ID: TEST_TENANT, REDIS_URL: redis.url, LOG_LEVEL: 'silent' },
    live: LIVE,
  });
  apps.push(app);
  return app;
}

/** Grows the fake's lead list to `total` by copying its seeded leads under new ids. */
function growLeads(fake: FakeUpstream['fake'], total: number): void {
  const leads = fake.workspace().crm.leads;
  const seeded = [...leads.values()];
  for (let i = 0; leads.size < total; i++) {
    const lead = { ...seeded[i % seeded.length]!, id: randomUUID() };
    leads.set(lead.id, lead);
  }
}

beforeAll(async () => {
  redis = await startTestRedis();
  upstream = await startFakeUpstream({ port: 0 });
  growLeads(upstream.fake, LEADS);
  front = await startFront(upstream);
});
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  front?.server.closeAllConnections();
  await new Promise((resolve) => front?.server.close(resolve));
  await upstream?.close();
  await redis?.stop();
});

describe('a burst larger than the old replay window', () => {
  it(
    'reaches both instances and the snapshot whole: every one of 50,000 leads',
    { timeout: 150_000 },
    async () => {
      const a = await instance();
      const b = await instance();
      await vi.waitFor(() => expect(a.bffLive!.lease.held).toBe(true), { timeout: 10_000 });
      expect(b.bffLive!.lease.held).toBe(false);
      const expected = upstream.fake.workspace().crm.leads.size;
      expect(expected).toBe(LEADS);

      await vi.waitFor(() => expect(a.bffLive!.model.loaded.has('leads')).toBe(true), {
        timeout: 90_000,
        interval: 200,
      });
      await vi.waitFor(
        () => {
          expect(a.bffLive!.model.leads.size).toBe(expected);
          expect(b.bffLive!.model.leads.size).toBe(expected);
        },
        { timeout: 15_000, interval: 200 },
      );

      const reader = new Redis(redis.url);
      try {
        const snapshots = new RedisSnapshots(
          reader,
          `bff:live:${TEST_TENANT}:snapshot`,
          createLogger('silent'),
        );
        await vi.waitFor(async () => expect((await snapshots.load())?.leads.length).toBe(expected), {
          timeout: 15_000,
          interval: 500,
        });
      } finally {
        reader.disconnect();
      }
    },
  );
});
