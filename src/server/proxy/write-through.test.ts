import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { SAMPLES } from '../testing/route-samples';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn } from '../testing/test-users';

// The write-through copies a mutating answer for the live sync; toward the browser nothing may
// change. Every route of the table, through a BFF with the live workspace and one without, against
// the same upstream: the same status, headers and bytes.

let upstream: RecordingUpstream;
const apps: { app: FastifyInstance; cookie: string }[] = [];

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  upstream.respondWith((req, res) => {
    if (req.method === 'DELETE') {
      res.writeHead(204, { 'x-request-id': 'up-1' });
      return res.end();
    }
    res.writeHead(req.method === 'POST' ? 201 : 200, {
      'content-type': 'application/json',
      'x-request-id': 'up-1',
      'x-ratelimit-remaining': '42',
      etag: '"v1"',
    });
    res.end(JSON.stringify({ echo: req.url, body: req.body, unicode: 'Grüße ✓' }));
  });
  for (const live of [undefined, { sync: false }]) {
    const app = await buildTestApp(upstream, { env: { LOG_LEVEL: 'silent' }, ...(live ? { live } : {}) });
    apps.push({ app, cookie: await signIn(app, 'admin') });
  }
});
afterAll(async () => {
  for (const { app } of apps) await app.close();
  await upstream.close();
});

const comparable = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
};

describe('the proxy with the write-through', () => {
  it.each(SAMPLES.map((s) => [s.route.id, s] as const))(
    'answers %s exactly as without it',
    async (_id, sample) => {
      const [plain, live] = await Promise.all(
        apps.map(({ app, cookie }) =>
          app.inject({
            method: sample.method,
            url: sample.url,
            headers: {
              ...sameOriginHeaders,
              cookie,
              ...(sample.payload !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(sample.payload !== undefined ? { payload: sample.payload } : {}),
          }),
        ),
      );
      expect(plain!.statusCode).toBeLessThan(300);
      expect(comparable(live!)).toEqual(comparable(plain!));
    },
  );
});
