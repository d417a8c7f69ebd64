import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/raw-http';
import { proxyHarness } from '../testing/proxy-harness';
import { TEST_KEY, TEST_TENANT } from '../testing/test-app';

const LEAD_ID = '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10';
const CHANNEL_ID = '0a7e1f0e-5b8a-4c6d-8e9f-112233445566';

const { upstream, app, cookie, call } = proxyHarness();

describe('forwarding', () => {
  it('maps /api/crm/<path> to the CRM base and adds the key and tenant', async () => {
    const res = await call({ method: 'GET', url: `/api/crm/v1/leads/${LEAD_ID}` });
    expect(res.statusCode).toBe(200);
    expect(upstream().requests).toHaveLength(1);
    const seen = upstream().requests[0]!;
    expect(seen.url).toBe(`/crm/api/v1/leads/${LEAD_ID}`);
    expect(seen.headers['x-api-key']).toBe(TEST_KEY);
    expect(seen.headers['x-tenant-id']).toBe(TEST_TENANT);
  });

  it('maps /api/crm/contacts/{id} without a /v1 segment', async () => {
    await call({ method: 'GET', url: `/api/crm/contacts/${LEAD_ID}` });
    expect(upstream().requests[0]?.url).toBe(`/crm/api/contacts/${LEAD_ID}`);
  });

  it('maps /api/social/<path> to the social base', async () => {
    await call({ method: 'GET', url: '/api/social/v1/connect/channels' });
    expect(upstream().requests[0]?.url).toBe('/social/api/v1/connect/channels');
  });

  it('strips the browser credentials and every header off the allowlist', async () => {
    await call({
      method: 'GET',
      url: '/api/crm/v1/lead-stages',
      headers: {
        cookie: `${cookie()}; other=browser-session`,
        authorization: 'Bearer browser-token',
        'x-api-key': 'browser-key',
        'x-tenant-id': '22222222-2222-4222-8222-222222222222',
        'x-forwarded-for': '10.0.0.1',
        'x-custom': 'nope',
        accept: 'application/json',
        'accept-language': 'de',
        'user-agent': 'vitest',
      },
    });
    const h = upstream().requests[0]!.headers;
    expect(h.cookie).toBeUndefined();
    expect(h.authorization).toBeUndefined();
    expect(h['x-forwarded-for']).toBeUndefined();
    expect(h['x-custom']).toBeUndefined();
    expect(h['x-api-key']).toBe(TEST_KEY);
    expect(h['x-tenant-id']).toBe(TEST_TENANT);
    expect(h.accept).toBe('application/json');
    expect(h['accept-language']).toBe('de');
    expect(h['user-agent']).toBe('vitest');
  });

  it('drops Set-Cookie and other headers off the response allowlist', async () => {
    const res = await call({ method: 'GET', url: '/api/crm/v1/lead-stages' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBe('upstream-req-1');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('forwards an encoded group JID intact and re-serialises the query', async () => {
    const res = await call({
      method: 'GET',
      url: `/api/social/v1/chat/wa-groups/120363025246125486%40g.us?channelId=${CHANNEL_ID}`,
    });
    expect(res.statusCode).toBe(200);
    expect(upstream().requests[0]?.url).toBe(
      `/social/api/v1/chat/wa-groups/120363025246125486%40g.us?channelId=${CHANNEL_ID}`,
    );
  });

  it('encodes a raw @ in a group id when it forwards', async () => {
    await call({
      method: 'GET',
      url: `/api/social/v1/chat/wa-groups/120363025246125486@g.us?channelId=${CHANNEL_ID}`,
    });
    expect(upstream().requests[0]?.url).toBe(
      `/social/api/v1/chat/wa-groups/120363025246125486%40g.us?channelId=${CHANNEL_ID}`,
    );
  });

  it('passes a valid query and refuses an invalid one without an upstream call', async () => {
    await call({ method: 'GET', url: '/api/crm/v1/leads?search=a%26b%20c&page=2' });
    expect(upstream().requests[0]?.url).toBe('/crm/api/v1/leads?search=a%26b%20c&page=2');
    const bad = await call({ method: 'GET', url: '/api/crm/v1/leads?limit=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-bff-error']).toBe('1');
    expect(bad.json<{ message: string[] }>().message[0]).toMatch(/^limit /);
    expect(upstream().requests).toHaveLength(1);
  });

  it('drops a query on a route that takes none', async () => {
    await call({ method: 'GET', url: '/api/crm/v1/lead-stages?evil=1' });
    expect(upstream().requests[0]?.url).toBe('/crm/api/v1/lead-stages');
  });

  it('forwards a valid JSON body and refuses an invalid one with field errors', async () => {
    const ok = await call({
      method: 'POST',
      url: '/api/social/v1/quick-replies',
      payload: { title: 'Hi', body: 'Hello there', shortcut: 'hi' },
    });
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(upstream().requests[0]!.body)).toEqual({
      title: 'Hi',
      body: 'Hello there',
      shortcut: 'hi',
    });
    expect(upstream().requests[0]!.headers['content-type']).toBe('application/json');

    const bad = await call({ method: 'POST', url: '/api/crm/v1/leads', payload: { email: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-bff-error']).toBe('1');
    const body = bad.json<{ statusCode: number; message: string[]; error: string }>();
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message.some((m) => m.startsWith('name '))).toBe(true);
    expect(upstream().requests).toHaveLength(1);
  });

  it('never forwards a body on a route that takes none', async () => {
    await call({
      method: 'PATCH',
      url: `/api/social/v1/conversations/${LEAD_ID}/close`,
      payload: { sneaky: true },
    });
    expect(upstream().requests[0]?.method).toBe('PATCH');
    expect(upstream().requests[0]?.body).toBe('');
  });
});

describe('refusals', () => {
  it.each([
    ['GET', '/api/crm/v1/secret-admin'],
    ['PUT', `/api/crm/v1/leads/${LEAD_ID}`],
    ['DELETE', '/api/crm/v1/customers/stats'],
    ['GET', '/api/crm/v1/leads/not-a-uuid'],
    ['GET', '/api/social/v1/leads'],
    ['GET', '/api/crm/v1/connect/channels'],
    ['GET', '/api/other/v1/leads'],
    ['GET', '/api/crm'],
    ['GET', '/api/crm/v1/%6ceads'],
    ['GET', '/api/%63rm/v1/leads'],
    ['GET', '/api/crm/v1/leads/%2e%2e/customers'],
    ['GET', '/api/crm/v1/customers/..%2fstats'],
    ['GET', `/api/social/v1/chat/wa-groups/..?channelId=${CHANNEL_ID}`],
    ['GET', `/api/social/v1/chat/wa-groups/%2e%2e?channelId=${CHANNEL_ID}`],
    ['GET', `/api/social/v1/chat/wa-groups/.?channelId=${CHANNEL_ID}`],
    ['GET', '/api/crm/v1/leads%2f..%2fcustomers'],
    ['GET', '/api/crm/v1/leads/%252e%252e'],
    ['GET', '/api/crm//v1/leads'],
    ['GET', '/api/crm/v1\\leads'],
    ['GET', 'http://evil.example.com/api/crm/v1/leads'],
    ['GET', '/api/crm/v1/leads%0d%0aX:1'],
    ['GET', '/api/crm/v1/leads%00'],
    ['GET', `/api/crm/v1/leads/${'x'.repeat(2100)}`],
  ])('%s %s is a BFF 404 that never reaches the upstream', async (method, target) => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const { port } = app().server.address() as AddressInfo;
    const res = await rawRequest(port, method, target, { Origin: 'http://127.0.0.1', 'X-CSRF': '1' });
    expect(res.status).toBe(404);
    expect(res.head.toLowerCase()).toContain('x-bff-error: 1');
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(upstream().requests).toHaveLength(0);
  });
});
