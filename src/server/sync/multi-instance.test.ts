import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { openSse, type SseClient } from '../testing/sse-client';
import { openStore, type TeamStore } from '../store/open-store';
import { startTestPostgres, type TestPostgres } from '../testing/postgres-server';
import { buildTestApp } from '../testing/test-app';
import { workspaceLoaded } from '../testing/workspace-state';
import { signIn } from '../testing/test-users';

// Two BFF instances on real ports, one fake upstream, a real Redis. A syncs; a browser watches B.
// A dies without releasing the lease (a crash); B takes over. Inbound messages injected before,
// during and after the takeover all reach the browser on B, in order, with no resync.

const SLOW = 60_000;
const LIVE = {
  settings: {
    sync: {
      leaseTtlMs: 600,
      activeIntervalMs: 100,
      idleIntervalMs: 100,
      readsPerCycle: 40,
      conversationSweepMs: SLOW,
      leadSweepMs: SLOW,
      customerSweepMs: SLOW,
      contactPaceMs: SLOW,
      listSweepMs: SLOW,
      templateSweepMs: SLOW,
    },
  },
};

let redis: TestRedis;
let postgres: TestPostgres;
/** The database both instances share (each opens its own pool to it, as two processes would). */
let databaseUrl: string;
const stores: TeamStore[] = [];
let upstream: FakeUpstream;
let a: FastifyInstance;
let b: FastifyInstance;
let browser: SseClient;

async function instance(): Promise<FastifyInstance> {
  const store = await openStore({ kind: 'postgres', url: databaseUrl });
  stores.push(store);
  const app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', REDIS_URL: redis.url, LOG_LEVEL: 'silent' },
    live: LIVE,
    database: store,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}
const originOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  redis = await startTestRedis();
  postgres = await startTestPostgres();
  databaseUrl = await postgres.createDatabase();
  upstream = await startFakeUpstream({ port: 0 });
}, 60_000);
afterAll(async () => {
  browser?.close();
  await b?.close();
  await a?.close();
  await Promise.allSettled(stores.map((s) => s.close()));
  await upstream.close();
  await redis.stop();
  await postgres.stop();
}, 60_000);

describe('several instances', () => {
  it(
    'a browser on B gets every inbound message across a crash of the syncing instance A',
    { timeout: 60_000 },
    async () => {
      a = await instance();
      await vi.waitFor(() => expect(a.bffLive!.lease.held).toBe(true));
      await vi.waitFor(async () => expect(await workspaceLoaded(a)).toBe(true), { timeout: 20_000 });
      b = await instance();
      expect(b.bffLive!.lease.held).toBe(false);

      // The thread the messages go to: one-to-one, open, its page already in the shared tables.
      const thread = [...upstream.fake.workspace().social.threads.values()].find(
        (t) => !t.conv.is_group && t.conv.status === 'open',
      )!;
      const id = thread.conv.id;
      await vi.waitFor(async () => expect(await b.bffLive!.workspace.messagesOf(id)).toBeDefined(), {
        timeout: 20_000,
      });

      browser = await openSse(originOf(b), { cookie: await signIn(b, 'agent') });
      expect(browser.status).toBe(200);
      const texts: string[] = [];
      const inject = async (label: string) => {
        for (let i = 1; i <= 3; i++) {
          const text = `${label} ${i}`;
          texts.push(text);
          upstream.fake.control.inbound({ conversationId: id, text });
          // Distinct milliseconds: the thread's last_message_at moves with each one.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      const received = () =>
        browser
          .events()
          .flatMap((e) => (e.type === 'messages.upserted' && e.conversationId === id ? e.messages : []))
          .filter((m) => m.direction === 'inbound' && texts.includes(m.text ?? ''))
          .map((m) => m.text);

      await inject('before');
      await vi.waitFor(() => expect(received()).toEqual(texts), { timeout: 10_000 });

      // A crashes: it stops without giving the lease back, then its server goes away.
      await a.bffLive!.stop({ release: false });
      await a.close();
      await inject('during');
      await vi.waitFor(() => expect(b.bffLive!.lease.held).toBe(true), { timeout: 10_000 });
      await inject('after');

      await vi.waitFor(() => expect(received()).toEqual(texts), { timeout: 10_000 });
      expect(browser.events().some((e) => e.type === 'resync')).toBe(false);
      expect(texts).toHaveLength(9);
    },
  );
});
