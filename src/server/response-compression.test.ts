import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, type RecordingUpstream } from './testing/recording-upstream';
import { openSse } from './testing/sse-client';
import { buildTestApp } from './testing/test-app';
import { signIn } from './testing/test-users';

// JSON answers leave the BFF compressed when the browser accepts it; the live stream never does.

let upstream: RecordingUpstream;
let app: FastifyInstance;
let cookie: string;

const conversations = (count: number) => ({
  data: Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    channel_id: '00000000-0000-4000-8000-00000000aaaa',
    status: 'open',
    last_message_at: '2026-11-23T10:00:00.000Z',
  })),
  hasMore: false,
});

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  app = await buildTestApp(upstream, { live: { sync: false } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cookie = await signIn(app, 'agent');
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

const answerWith = (body: unknown) =>
  upstream.respondWith((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });

const read = (acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/social/v1/conversations',
    headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('response compression', () => {
  it('sends a large JSON answer in Brotli or gzip, as accepted, and plain to a client that asks for neither', async () => {
    const body = conversations(60);
    answerWith(body);
    const br = await read('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(body);

    const gz = await read('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(body);

    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
  });

  it("leaves the BFF's own small answers as they are: compressing a few hundred bytes saves nothing", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/social/v1/conversations',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ statusCode: 401 });
  });

  it('never compresses the live stream, which must reach the browser event by event', async () => {
    const origin = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    const client = await openSse(origin, { cookie, acceptEncoding: 'gzip, br' });
    try {
      expect(client.status).toBe(200);
      expect(client.headers['content-encoding']).toBeUndefined();
      const first = await client.waitFor((f) => f.event !== null);
      expect(first.event).toMatchObject({ type: 'upstream.status' });
    } finally {
      client.close();
    }
  });
});
