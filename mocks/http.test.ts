import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelList, ErrorBody, GroupResponse, type Message } from '../src/contract';
import { expectErrorBody } from './core/test-expect';
import { call, control } from './core/test-client';
import { MAX_BODY_BYTES, startFakeUpstream, type FakeUpstream } from './http';
import { ACME_CHANNELS } from './social/seed-channels';
import { ACME_TENANT } from './team';

// Real sockets: msw is not intercepting here, the loopback server answers.
let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0 });
});
afterAll(async () => {
  await upstream.close();
});

/** A `/__fake/` control call on the loopback server: `post('/__fake/clock', {advanceMs})`. */
const post = (path: string, body: unknown) =>
  control('POST', path.replace('/__fake/', ''), { body, origin: upstream.origin });

describe('startFakeUpstream on port 0', () => {
  it('listens on loopback and answers both hosts', async () => {
    expect(upstream.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(upstream.socialBase).toBe(`${upstream.origin}/social/api`);
    const channels = await call('social', 'GET', '/v1/connect/channels', { origin: upstream.origin });
    expect(channels.status).toBe(200);
    expect(ChannelList.safeParse(channels.body).success).toBe(true);
    const stages = await call<unknown[]>('crm', 'GET', '/v1/lead-stages', { origin: upstream.origin });
    expect(stages.status).toBe(200);
    expect(stages.body.length).toBeGreaterThan(0);
  });

  it('routes an encoded group JID', async () => {
    const res = await fetch(
      `${upstream.socialBase}/v1/chat/wa-groups/120363025246125486%40g.us?channelId=${ACME_CHANNELS.whatsappSales}`,
      { headers: { 'x-api-key': 'demo-admin-key', 'X-Tenant-Id': ACME_TENANT } },
    );
    expect(res.status).toBe(200);
    const body = GroupResponse.parse(await res.json());
    expect(body.group.id).toBe('120363025246125486@g.us');
  });

  it('answers unknown paths and auth failures with the error body', async () => {
    const res = await fetch(`${upstream.origin}/elsewhere`);
    expect(res.status).toBe(404);
    expect(ErrorBody.safeParse(await res.json()).success).toBe(true);
    const noKey = await fetch(`${upstream.crmBase}/v1/leads`);
    expect(noKey.status).toBe(401);
    expect(ErrorBody.parse(await noKey.json()).statusCode).toBe(401);
  });

  it('answers 204 with no body', async () => {
    const list = await call<{ data: { id: string }[] }>('social', 'GET', '/v1/quick-replies', {
      origin: upstream.origin,
    });
    const res = await call('social', 'DELETE', `/v1/quick-replies/${list.body.data[0]!.id}`, {
      origin: upstream.origin,
    });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
  });
});

describe('the /__fake control surface over HTTP', () => {
  it('moves the clock, injects inbound messages, fails calls and resets', async () => {
    const before = (await control<{ now: string }>('GET', 'clock', { origin: upstream.origin })).body;
    const moved = await post('/__fake/clock', { advanceMs: 60_000 });
    expect(Date.parse(moved.body['now'] as string) - Date.parse(before.now)).toBeGreaterThanOrEqual(60_000);

    const inbound = await post('/__fake/inbound', {
      channelId: ACME_CHANNELS.telegram,
      from: '4915100000001',
      text: 'ping',
      senderName: 'Tim',
    });
    expect(inbound.status).toBe(200);
    const message = inbound.body['message'] as Message;
    expect(message.text).toBe('ping');

    const fail = await post('/__fake/fail', { method: 'GET', path: '/v1/connect/channels', status: 500 });
    expect(fail.status).toBe(200);
    expect((await call('social', 'GET', '/v1/connect/channels', { origin: upstream.origin })).status).toBe(
      500,
    );
    expect((await call('social', 'GET', '/v1/connect/channels', { origin: upstream.origin })).status).toBe(
      200,
    );

    const bad = await post('/__fake/fail', { method: 'GET', path: 'no-slash' });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).message).toEqual(
      expect.arrayContaining([expect.stringMatching(/^path /)]),
    );

    const conv = message.conversation_id;
    expect(
      (await call('social', 'GET', `/v1/conversations/${conv}`, { origin: upstream.origin })).status,
    ).toBe(200);
    expect((await post('/__fake/reset', {})).status).toBe(200);
    expect(
      (await call('social', 'GET', `/v1/conversations/${conv}`, { origin: upstream.origin })).status,
    ).toBe(404);
  });

  it('switches plan limits, revokes keys and reports invite links', async () => {
    await post('/__fake/plan-limit', { tenantId: ACME_TENANT, limit: 'monthly active contacts' });
    const limited = await call('social', 'POST', '/v1/quick-replies', {
      origin: upstream.origin,
      body: { title: 'a', body: 'b', shortcut: 'ab' },
    });
    expect(limited.status).toBe(403);
    await post('/__fake/plan-limit', { tenantId: ACME_TENANT, limit: null });

    await post('/__fake/revoke', { key: 'demo-readonly-key' });
    expect(
      (
        await call('social', 'GET', '/v1/conversations', {
          origin: upstream.origin,
          key: 'demo-readonly-key',
        })
      ).status,
    ).toBe(401);
    const valid = await control('GET', 'invite-link-valid', {
      origin: upstream.origin,
      query: { link: 'https://chat.whatsapp.com/nope' },
    });
    expect(valid.body).toEqual({ valid: false });
    expect((await post('/__fake/reset', {})).status).toBe(200);
  });

  it('advances message statuses when the live clock is moved forward', async () => {
    const list = await call<{ data: { id: string; channel_id: string }[] }>(
      'social',
      'GET',
      '/v1/conversations',
      {
        origin: upstream.origin,
        query: { channelId: ACME_CHANNELS.telegram, limit: 1 },
      },
    );
    const id = list.body.data[0]!.id;
    const sent = await call<Message>('social', 'POST', `/v1/conversations/${id}/messages`, {
      origin: upstream.origin,
      body: { text: 'hi' },
    });
    expect(sent.body.status).toBe('pending');
    await post('/__fake/clock', { advanceMs: 2_500 });
    const page = await call<{ data: Message[] }>('social', 'GET', `/v1/conversations/${id}/messages`, {
      origin: upstream.origin,
      query: { limit: 1 },
    });
    expect(page.body.data[0]).toMatchObject({ id: sent.body.id, status: 'sent' });
  });
});

describe('malformed requests over real sockets', () => {
  const at = (path: string, opts: Parameters<typeof call>[3] = {}) =>
    call('social', 'POST', path, { origin: upstream.origin, ...opts });

  it('answers a bad escape in the path, bad JSON and a non-JSON body with 400s', async () => {
    const badEscape = await call('crm', 'GET', '/v1/leads/%ZZ', { origin: upstream.origin });
    expect(expectErrorBody(badEscape, 400).message).toEqual(['id must be correctly percent-encoded']);
    expectErrorBody(await at('/v1/quick-replies', { rawBody: '{"title":' }), 400);
    const form = await at('/v1/quick-replies', {
      rawBody: 'title=a&body=b&shortcut=c',
      contentType: 'application/x-www-form-urlencoded',
    });
    expectErrorBody(form, 400);
    const control = await fetch(`${upstream.origin}/__fake/%ZZ`);
    expect(control.status).toBe(404);
  });

  it('refuses a body past the size limit with a 413 and keeps serving', async () => {
    const res = await at('/v1/quick-replies', { rawBody: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expectErrorBody(res, 413);
    const after = await call('social', 'GET', '/v1/connect/channels', { origin: upstream.origin });
    expect(after.status).toBe(200);
  });
});
