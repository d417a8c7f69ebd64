import type { ServerResponse } from 'node:http';
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { expectNoSecrets } from '../testing/secrets';
import { LogCapture, TEST_KEY, TEST_TENANT } from '../testing/test-app';
import { UpstreamClient } from './upstream-client';
import { UpstreamError } from './upstream-error';

const LEAD_ID = '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10';
const STAGE = {
  id: LEAD_ID,
  key: 'new',
  name: 'New',
  color: '#3b82f6',
  position: 0,
  is_system: true,
  is_default: true,
  is_won: false,
  is_lost: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

let upstream: RecordingUpstream;
let logs: LogCapture;
let client: UpstreamClient;
const dispatcher = new Agent({ connections: 4 });

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const failureOf = async (promise: Promise<unknown>): Promise<UpstreamError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
};

const makeClient = (base: Pick<RecordingUpstream, 'socialBase' | 'crmBase'>, timeoutMs = 2000) =>
  new UpstreamClient({
    upstream: {
      socialBaseUrl: base.socialBase,
      crmBaseUrl: base.crmBase,
      apiKey: TEST_KEY,
      tenantId: TEST_TENANT,
    },
    dispatcher,
    timeoutMs,
    log: createLogger('info', logs),
    clock: () => Date.UTC(2026, 0, 1),
  });

beforeAll(async () => {
  upstream = await startRecordingUpstream();
});
afterAll(async () => {
  await upstream.close();
  await dispatcher.close();
});
beforeEach(() => {
  upstream.requests.length = 0;
  logs = new LogCapture();
  client = makeClient(upstream);
});

describe('UpstreamClient', () => {
  it('builds the path and query from the route, adds the key and tenant and parses the answer', async () => {
    upstream.respondWith((_req, res) => json(res, 200, { data: [], hasMore: false, extra: 1 }));
    const page = await client.call('messages.list', { params: { id: LEAD_ID }, query: { limit: 20 } });
    expect(page).toEqual({ data: [], hasMore: false, extra: 1 });
    const seen = upstream.requests[0]!;
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe(`/social/api/v1/conversations/${LEAD_ID}/messages?limit=20`);
    expect(seen.headers['x-api-key']).toBe(TEST_KEY);
    expect(seen.headers['x-tenant-id']).toBe(TEST_TENANT);
  });

  it('sends a JSON body and reads a 204 as nothing', async () => {
    upstream.respondWith((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client.call('leads.delete', { params: { id: LEAD_ID } })).resolves.toBeUndefined();
    upstream.respondWith((_req, res) => json(res, 200, STAGE));
    await client.call('leadStages.update', { params: { id: LEAD_ID }, body: { name: 'Fresh' } });
    const patch = upstream.requests[1]!;
    expect(patch.headers['content-type']).toBe('application/json');
    expect(JSON.parse(patch.body)).toEqual({ name: 'Fresh' });
  });

  it('turns a 429 into rate-limited with the Retry-After in ms', async () => {
    upstream.respondWith((_req, res) => json(res, 429, { statusCode: 429 }, { 'retry-after': '7' }));
    const error = await failureOf(client.call('leadStages.list'));
    expect(error).toMatchObject({ kind: 'rate-limited', routeId: 'leadStages.list', retryAfterMs: 7000 });
  });

  it('turns a 401 into key-refused and logs it without the key', async () => {
    upstream.respondWith((_req, res) => json(res, 401, { statusCode: 401 }));
    const error = await failureOf(client.call('tags.list'));
    expect(error.kind).toBe('key-refused');
    expect(logs.text()).toContain('tags.list');
    expectNoSecrets(logs.text());
  });

  it('turns other statuses into http with the status', async () => {
    upstream.respondWith((_req, res) => json(res, 503, { statusCode: 503 }));
    expect(await failureOf(client.call('tags.list'))).toMatchObject({
      kind: 'http',
      status: 503,
      detail: [],
    });
  });

  it("keeps the error body's message as a list, so a caller can say which field was refused", async () => {
    const body = { statusCode: 400, error: 'Bad Request' };
    upstream.respondWith((_req, res) => json(res, 400, { ...body, message: ['email must be an email'] }));
    expect(await failureOf(client.call('leads.create', { body: { name: 'A' } }))).toMatchObject({
      status: 400,
      detail: ['email must be an email'],
    });
    upstream.respondWith((_req, res) => json(res, 403, { ...body, message: 'Plan limit reached: contacts' }));
    expect((await failureOf(client.call('tags.list'))).detail).toEqual(['Plan limit reached: contacts']);
  });

  it('logs and refuses an answer that fails the contract or is not JSON', async () => {
    upstream.respondWith((_req, res) => json(res, 200, [{ ...STAGE, position: 'first' }]));
    expect((await failureOf(client.call('leadStages.list'))).kind).toBe('malformed');
    upstream.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{not json');
    });
    expect((await failureOf(client.call('leadStages.list'))).kind).toBe('malformed');
    const lines = logs.lines.map((l) => JSON.parse(l) as { routeId?: string; fields?: string[] });
    expect(lines.filter((l) => l.routeId === 'leadStages.list')).toHaveLength(2);
    expect(lines[0]!.fields).toEqual(['0.position']);
    expectNoSecrets(logs.text());
  });

  it('keeps the items of a list that fit when only some do not, and logs where the others failed', async () => {
    const good = { ...STAGE, key: 'won' };
    upstream.respondWith((_req, res) =>
      json(res, 200, [{ ...STAGE, created_at: '2026-02-30T00:00:00Z' }, good]),
    );
    expect(await client.call('leadStages.list')).toEqual([good]);
    const line = logs.lines.map((l) => JSON.parse(l) as { fields?: string[]; dropped?: number }).at(-1);
    expect(line).toMatchObject({ fields: ['0.created_at'], dropped: 1 });
    expectNoSecrets(logs.text());
  });

  it('calls a refused connection unreachable and a silent upstream a timeout', async () => {
    const closed = await startRecordingUpstream();
    await closed.close();
    expect((await failureOf(makeClient(closed).call('tags.list'))).kind).toBe('unreachable');
    upstream.respondWith(() => undefined);
    expect((await failureOf(makeClient(upstream, 200).call('tags.list'))).kind).toBe('timeout');
  });
});
