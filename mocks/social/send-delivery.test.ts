import { describe, expect, it } from 'vitest';
import type { Message, Template } from '../../src/contract';
import { social } from '../core/test-client';
import { fake, useFakeServer } from '../node';
import { ACME_CHANNELS } from './seed-channels';
import { findThread, newestMessagesOf, send, type SendError } from './test-fixtures';

// Sends on the fake's clock: delivery statuses, text into a thread, and templates.

useFakeServer();

describe('delivery statuses on the fake clock', () => {
  it('moves pending → sent (+2 s, platform id) → delivered (+5 s) → read (+15 s)', async () => {
    const id = findThread(fake, { platform: 'whatsapp', window: 'open', readReceipts: true }).conv.id;
    const sent = await send({ conversationId: id, text: 'track me' });
    const status = async () => (await newestMessagesOf(id)).find((m) => m.id === sent.body.id)!;
    expect((await status()).status).toBe('pending');
    fake.control.advance(1999);
    expect((await status()).status).toBe('pending');
    fake.control.advance(1);
    const acked = await status();
    expect(acked.status).toBe('sent');
    expect(acked.platform_message_id).toMatch(/^wamid\./);
    fake.control.advance(3000);
    expect((await status()).status).toBe('delivered');
    fake.control.advance(10_000);
    expect((await status()).status).toBe('read');
  });

  it('stops at delivered when the contact has read receipts off', async () => {
    const id = findThread(fake, { window: 'open', readReceipts: false }).conv.id;
    const sent = await send({ conversationId: id, text: 'no receipts' });
    fake.control.advance(60_000);
    expect((await newestMessagesOf(id)).find((m) => m.id === sent.body.id)!.status).toBe('delivered');
  });

  it('fails a number the platform does not know, with an error reason', async () => {
    const res = await send({
      channelId: ACME_CHANNELS.whatsappSales,
      to: '447700900000',
      templateName: 'hello_world',
      templateLanguage: 'en_US',
    });
    expect(res.status).toBe(202);
    fake.control.advance(2000);
    const [latest] = await newestMessagesOf(res.body.conversation_id);
    expect(latest).toMatchObject({
      id: res.body.id,
      status: 'failed',
      error_reason: 'Recipient is not a WhatsApp user',
    });
  });

  it('fails every message to the seeded unreachable contact, whose window is open', async () => {
    const [unreachable] = [...fake.workspace().social.threads.values()].filter((t) => t.meta.unreachable);
    expect(unreachable).toBeDefined();
    const res = await send({ conversationId: unreachable!.conv.id, text: 'Are you there?' });
    expect(res.status).toBe(202);
    fake.control.advance(2000);
    const [latest] = await newestMessagesOf(unreachable!.conv.id);
    expect(latest).toMatchObject({
      id: res.body.id,
      status: 'failed',
      error_reason: unreachable!.meta.unreachable,
    });
  });

  it('fails the next message of a thread marked by fail-delivery, and only that one', async () => {
    const id = findThread(fake, { platform: 'whatsapp', window: 'open' }).conv.id;
    fake.control.failDelivery(id, 'Message undeliverable');
    const first = await send({ conversationId: id, text: 'one' });
    const second = await send({ conversationId: id, text: 'two' });
    fake.control.advance(6000);
    const messages = await newestMessagesOf(id);
    expect(messages.find((m) => m.id === first.body.id)).toMatchObject({
      status: 'failed',
      error_reason: 'Message undeliverable',
    });
    expect(messages.find((m) => m.id === second.body.id)!.status).toBe('delivered');
  });
});

describe('text into a thread', () => {
  it('quotes a message of the same thread only', async () => {
    const thread = findThread(fake, { platform: 'whatsapp', window: 'open' });
    const quoted = thread.messages[0]!.id;
    const ok = await social<Message>('POST', `/v1/conversations/${thread.conv.id}/messages`, {
      body: { text: 'Re', quotedMessageId: quoted },
    });
    expect(ok.status).toBe(202);
    expect(ok.body.quoted_message_id).toBe(quoted);
    const other = findThread(fake, { platform: 'telegram' }).messages[0]!.id;
    const bad = await social<SendError>('POST', `/v1/conversations/${thread.conv.id}/messages`, {
      body: { text: 'Re', quotedMessageId: other },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual([expect.stringMatching(/^quotedMessageId /)]);
  });
});

describe('templates', () => {
  it('lists approved templates of a primary-platform channel only', async () => {
    const res = await social<{ templates: Template[] }>('GET', '/v1/templates', {
      query: { channelId: ACME_CHANNELS.whatsappSales },
    });
    expect(res.status).toBe(200);
    expect(res.body.templates.length).toBeGreaterThanOrEqual(5);
    expect(res.body.templates.every((t) => t.status === 'APPROVED')).toBe(true);
    expect(new Set(res.body.templates.map((t) => t.language)).size).toBeGreaterThan(1);
    expect(res.body.templates.map((t) => t.name)).not.toContain('black_friday_2025');
    const ig = await social<{ templates: Template[] }>('GET', '/v1/templates', {
      query: { channelId: ACME_CHANNELS.instagram },
    });
    expect(ig.body.templates).toEqual([]);
    expect(
      (await social('GET', '/v1/templates', { query: { channelId: '00000000-0000-4000-8000-000000000000' } }))
        .status,
    ).toBe(404);
  });
});
