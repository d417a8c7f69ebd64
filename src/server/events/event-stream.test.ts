import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract';
import { lead, message } from '../testing/live-records';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { openSse, type SseClient } from '../testing/sse-client';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// GET /bff/events over a real port. The sync is off (sync: false), so the events in these tests
// are published by the test through the instance's own bus, as the sync or a write would.

const HEARTBEAT_MS = 150;
const MAX_BUFFERED = 32 * 1024;

let upstream: RecordingUpstream;
let app: FastifyInstance;
let origin: string;
let cookie: string;
let logs: LogCapture;
const clients: SseClient[] = [];
const sockets: Socket[] = [];

const removed = (n: number): LiveEvent => ({ type: 'lead.removed', id: lead(n).id });
const publish = (...events: LiveEvent[]) => app.bffLive!.bus.publish(events.map((event) => ({ event })));
const open = async (opts: Parameters<typeof openSse>[1] = {}) => {
  const client = await openSse(origin, { cookie, ...opts });
  clients.push(client);
  return client;
};
/** What the stream held for its client when it was dropped, as its log line says. */
const heldWhenDropped = (): number => {
  const line = logs.lines.find((l) => l.includes('live stream dropped'));
  const { buffered, pending = 0 } = JSON.parse(line ?? '{}') as { buffered?: number; pending?: number };
  return (buffered ?? Number.NaN) + pending;
};
const frameBytes = (event: LiveEvent) =>
  Buffer.byteLength(`id: 0123456789-999\ndata: ${JSON.stringify(event)}\n\n`);
const isRemoval = (n: number) => (f: { event: LiveEvent | null }) =>
  f.event?.type === 'lead.removed' && f.event.id === lead(n).id;

beforeAll(async () => {
  upstream = await startRecordingUpstream();
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(async () => {
  logs = new LogCapture();
  app = await buildTestApp(upstream, {
    logs,
    live: {
      sync: false,
      settings: {
        stream: { heartbeatMs: HEARTBEAT_MS, streamsPerSession: 2, maxBufferedBytes: MAX_BUFFERED },
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  cookie = await signIn(app, 'agent');
});
afterEach(async () => {
  while (clients.length) clients.pop()!.close();
  while (sockets.length) sockets.pop()!.destroy();
  await app.close();
});

describe('GET /bff/events', () => {
  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/bff/events' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-bff-error']).toBe('1');
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('streams with no-store and no proxy buffering, the upstream state first, then events with ids', async () => {
    const client = await open();
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toContain('text/event-stream');
    expect(client.headers['cache-control']).toBe('no-store');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.headers['x-content-type-options']).toBe('nosniff');
    const first = await client.waitFor((f) => f.event !== null);
    expect(first.event).toMatchObject({ type: 'upstream.status', state: 'ok' });
    const [published] = await publish(removed(1));
    const frame = await client.waitFor(isRemoval(1));
    expect(frame.id).toBe(published!.id);
    // No upstream call was made for any of this.
    expect(upstream.requests).toHaveLength(0);
  });

  it('sends an event to its audience only, and a model-only event to no browser', async () => {
    const agent = await open();
    const admin = await open({ cookie: await signIn(app, 'admin') });
    await app.bffLive!.bus.publish([
      { event: removed(1), audience: [TEST_USERS.admin.username] },
      { event: removed(2), audience: [] },
      { event: removed(3) },
    ]);
    await Promise.all([agent.waitFor(isRemoval(3)), admin.waitFor(isRemoval(3))]);
    expect(admin.frames.some(isRemoval(1))).toBe(true);
    expect(agent.frames.some(isRemoval(1))).toBe(false);
    expect([...agent.frames, ...admin.frames].some(isRemoval(2))).toBe(false);
  });

  it('resumes after Last-Event-ID (or ?lastEventId) with what was missed, in order', async () => {
    const [first] = await publish(removed(1));
    await publish(removed(2), removed(3));
    for (const opts of [
      { lastEventId: first!.id },
      { query: `?lastEventId=${encodeURIComponent(first!.id)}` },
    ]) {
      const client = await open(opts);
      await client.waitFor(isRemoval(3));
      const events = client.events();
      expect(events[0]?.type).toBe('upstream.status');
      expect(events.slice(1)).toEqual([removed(2), removed(3)]);
      // The state frame carries the resume position, so a drop right after it loses nothing.
      expect(client.frames.find((f) => f.event?.type === 'upstream.status')?.id).toBe(first!.id);
    }
  });

  it('says resync when the id cannot be replayed (another process, too old, nonsense)', async () => {
    await publish(removed(1));
    const client = await open({ lastEventId: 'an-id-from-before-a-restart-7' });
    const resync = await client.waitFor((f) => f.event?.type === 'resync');
    expect(resync.event).toEqual({ type: 'resync', reason: 'gap' });
    expect(resync.id).toBe(await app.bffLive!.bus.lastId());
    const long = await app.inject({
      method: 'GET',
      url: `/bff/events?lastEventId=${'x'.repeat(201)}`,
      headers: { cookie },
    });
    expect(long.statusCode).toBe(400);
  });

  it('refuses an id no bus gives with 400, so a newline in it cannot forge a frame on the stream', async () => {
    const forged = `x\ndata: ${JSON.stringify({ type: 'resync', reason: 'gap' })}\n\nid: y`;
    const query = await open({ query: `?lastEventId=${encodeURIComponent(forged)}` });
    expect(query.status).toBe(400);
    expect(query.headers['x-bff-error']).toBe('1');
    expect(query.headers['content-type']).toContain('application/json');
    const header = await open({ lastEventId: 'an id with spaces' });
    expect(header.status).toBe(400);
    const res = await app.inject({
      method: 'GET',
      url: `/bff/events?lastEventId=${encodeURIComponent('1-1\r\nx')}`,
      headers: { cookie },
    });
    expect(res.json()).toEqual({
      statusCode: 400,
      message: ['lastEventId must be an event id (letters, digits, -, _, . and :)'],
      error: 'Bad Request',
    });
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const client = await open();
    await client.waitFor((f) => f.comment === 'heartbeat');
    expect(client.frames.filter((f) => f.event !== null)).toHaveLength(1);
  });

  it('refuses a stream over the session’s limit with 429 and Retry-After', async () => {
    await open();
    await open();
    const third = await open();
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another session has its own allowance.
    expect((await open({ cookie: await signIn(app, 'manager') })).status).toBe(200);
  });

  it('drops a client that stops reading, which then resumes with a replay', async () => {
    const slow = await open();
    await publish(removed(1));
    await slow.waitFor(isRemoval(1));
    const readUpTo = slow.lastId()!;
    slow.pause();
    const text = 'x'.repeat(4000);
    const bulky = (n: number): LiveEvent => ({
      type: 'messages.upserted',
      conversationId: message(1, 1).conversation_id,
      messages: Array.from({ length: 20 }, (_, i) => message(1, n * 100 + i, { text })),
    });
    // A loopback socket takes a few MB before the server's own buffer grows past the bound.
    for (let n = 0; n < 400 && app.bffLive!.hub.size > 0; n++) {
      await publish(bulky(n));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(app.bffLive!.hub.size).toBe(0);
    // Dropped at the bound: past it, by no more than the one frame written in that turn.
    expect(heldWhenDropped()).toBeGreaterThan(MAX_BUFFERED);
    expect(heldWhenDropped()).toBeLessThanOrEqual(MAX_BUFFERED + frameBytes(bulky(0)));
    // Its browser notices and reconnects from the last id it read.
    slow.close();
    const again = await open({ lastEventId: slow.lastId() ?? readUpTo });
    const frame = await again.waitFor(
      (f) => f.event?.type === 'messages.upserted' || f.event?.type === 'resync',
    );
    expect(frame.event?.type).toBe('messages.upserted');
  });

  it('drops a client that stops reading during its replay once more than the bound waits for it', async () => {
    const text = 'y'.repeat(2000);
    const small = (n: number): LiveEvent => ({
      type: 'messages.upserted',
      conversationId: message(1, 1).conversation_id,
      messages: [message(1, n, { text })],
    });
    const [first] = await publish(removed(1));
    // More than a loopback socket's buffers take (a few MB): the replay must wait for the client.
    for (let n = 0; n < 40; n++) await publish(...Array.from({ length: 100 }, (_, i) => small(n * 100 + i)));
    const port = (app.server.address() as AddressInfo).port;
    const socket: Socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.pause(); // a client that never reads
    socket.write(
      `GET /bff/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nLast-Event-ID: ${first!.id}\r\n\r\n`,
    );
    const hub = app.bffLive!.hub;
    while (hub.size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Live events wait for the replay to finish; they may not pile up past the bound meanwhile.
    const bound = Math.ceil(MAX_BUFFERED / 2000) * 4;
    for (let n = 0; n < bound && hub.size > 0; n++) {
      await publish(small(10_000 + n));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(hub.size).toBe(0);
    expect(heldWhenDropped()).toBeGreaterThan(MAX_BUFFERED);
    expect(heldWhenDropped()).toBeLessThanOrEqual(MAX_BUFFERED + frameBytes(small(0)));
  });

  it('ends the stream when the session ends (checked on the heartbeat)', async () => {
    const client = await open();
    await client.waitFor((f) => f.event !== null);
    const out = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...sameOriginHeaders, cookie },
    });
    expect(out.statusCode).toBe(204);
    await client.ended;
    expect(app.bffLive!.hub.size).toBe(0);
    expect((await open()).status).toBe(401);
  });

  it('ends every stream when the app closes', async () => {
    const client = await open();
    await client.waitFor((f) => f.event !== null);
    await app.close();
    await client.ended;
  });
});
