import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../auth/users';
import { parseConfig } from '../config';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { startBff } from '../start';
import { startRecordingUpstream } from '../testing/recording-upstream';
import { openSse, type SseClient } from '../testing/sse-client';
import { FAST_SYNC } from '../testing/fast-sync';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { liveRows, workspaceLoaded } from '../testing/workspace-state';
import { signIn } from '../testing/test-users';

// The live workspace when the upstream misbehaves, and in the demo: the stream stays up and says
// what is going on; a malformed answer is logged and skipped; the demo's chatter arrives.

const clients: SseClient[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (clients.length) clients.pop()!.close();
  while (closers.length) await closers.pop()!();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('faults', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  });
  afterAll(async () => {
    await upstream.close();
  });

  // A first load, then an outage and a recovery, each waited for: on a loaded machine it takes a while.
  it(
    'keeps the stream up while the upstream cannot be reached, says so, and says when it is back',
    { timeout: 45_000 },
    async () => {
      const app = await buildTestApp(upstream, {
        env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent', UPSTREAM_TIMEOUT_MS: '200' },
        live: { settings: { sync: FAST_SYNC } },
      });
      const origin = await listen(app);
      await vi.waitFor(async () => expect(await workspaceLoaded(app)).toBe(true), { timeout: 10_000 });
      const client = await openSse(origin, { cookie: await signIn(app, 'agent') });
      clients.push(client);
      // The conversation list answers too late for a while: every hot read times out.
      upstream.fake.control.fail({ method: 'GET', path: '/v1/conversations', delayMs: 400, count: 4 });
      const down = await client.waitFor(
        (f) => f.event?.type === 'upstream.status' && f.event.state === 'unreachable',
      );
      expect(down.id).not.toBeNull();
      const after = (f: (typeof client.frames)[number]) =>
        client.frames.indexOf(f) > client.frames.indexOf(down);
      const back = await client.waitFor(
        (f) => f.event?.type === 'upstream.status' && f.event.state === 'ok' && after(f),
      );
      expect(back.id).not.toBeNull();
      expect((await app.bffLive!.workspace.upstream()).state).toBe('ok');
    },
  );

  it('logs a malformed upstream answer with its route and skips it, and the stream stays up', async () => {
    const garbage = await startRecordingUpstream();
    closers.push(() => garbage.close());
    garbage.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: 'not a list', hasMore: 'maybe' }));
    });
    const logs = new LogCapture();
    const app = await buildTestApp(garbage, {
      logs,
      live: { settings: { sync: FAST_SYNC, stream: { heartbeatMs: 100 } } },
    });
    const origin = await listen(app);
    await vi.waitFor(() => expect(logs.text()).toContain('upstream answer does not fit the contract'));
    const line = logs.lines
      .map((l) => JSON.parse(l) as { msg?: string; routeId?: string })
      .find((l) => l.msg?.includes('does not fit'));
    expect(line?.routeId).toBeTruthy();
    expect(await liveRows(app, 'ws_conversations')).toBe(0);
    const client = await openSse(origin, { cookie: await signIn(app, 'agent') });
    clients.push(client);
    await client.waitFor((f) => f.comment === 'heartbeat');
    expect(client.events()[0]).toMatchObject({ type: 'upstream.status', state: 'ok' });
  });
});

describe('the demo', () => {
  it('streams its inbound chatter to a signed-in browser', { timeout: 30_000 }, async () => {
    const running = await startBff(
      parseConfig({ PORT: '0', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    );
    closers.push(() => running.close());
    const { username, password } = DEMO_USERS[0]!;
    const login = await fetch(`${running.origin}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: running.origin },
      body: JSON.stringify({ username, password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const client = await openSse(running.origin, { cookie });
    clients.push(client);
    // Chatter lands every 4 s; the sync reads every second while this browser watches.
    const frame = await client.waitFor(
      (f) => f.event?.type === 'messages.upserted' && f.event.messages.some((m) => m.direction === 'inbound'),
      20_000,
    );
    expect(frame.id).not.toBeNull();
  });
});
