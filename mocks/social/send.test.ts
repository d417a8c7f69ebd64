import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/contract';
import { social } from '../core/test-client';
import { fake, useFakeServer } from '../node';
import { ACME_CHANNELS } from './seed-channels';
import { errorText, findThread, send, type SendError } from './test-fixtures';
import { OUTSIDE_WINDOW } from './thread-ops';

useFakeServer();

describe('the 24-hour window', () => {
  it('accepts text while the window is open, refuses it once closed, on send and on text-into-thread', async () => {
    const open = findThread(fake, { platform: 'whatsapp', window: 'open' });
    const res = await send({ conversationId: open.conv.id, text: 'Hi!' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      type: 'text',
      text: 'Hi!',
      status: 'pending',
      platform_message_id: '',
      from_me: true,
      direction: 'outbound',
    });

    const closed = findThread(fake, { platform: 'whatsapp', window: 'closed' });
    for (const call of [
      () => send({ conversationId: closed.conv.id, text: 'Hi?' }),
      () =>
        social<SendError>('POST', `/v1/conversations/${closed.conv.id}/messages`, { body: { text: 'Hi?' } }),
      () =>
        send({
          conversationId: closed.conv.id,
          media: { url: 'https://example.test/a.jpg', mime_type: 'image/jpeg' },
        }),
    ]) {
      const refused = await call();
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(OUTSIDE_WINDOW);
    }
    const template = await send({
      conversationId: closed.conv.id,
      template: { templateName: 'hello_world', templateLanguage: 'en_US' },
    });
    expect(template.status).toBe(202);
    expect(template.body.type).toBe('template');
  });

  it('closes exactly 24 hours after the last inbound message', async () => {
    const thread = findThread(fake, { platform: 'whatsapp', window: 'open' });
    const age = fake.clock.now().getTime() - thread.meta.lastInboundAt!;
    fake.control.advance(24 * 3600_000 - age - 1);
    expect((await send({ conversationId: thread.conv.id, text: 'still open' })).status).toBe(202);
    fake.control.advance(1);
    expect((await send({ conversationId: thread.conv.id, text: 'now closed' })).status).toBe(400);
  });

  it('applies on the social platforms, where no template can help, and not on the bot platform', async () => {
    for (const platform of ['instagram', 'messenger'] as const) {
      const closed = findThread(fake, { platform, window: 'closed' });
      expect((await send({ conversationId: closed.conv.id, text: 'hi' })).body.message).toBe(OUTSIDE_WINDOW);
      const template = await send({
        conversationId: closed.conv.id,
        templateName: 'hello_world',
        templateLanguage: 'en_US',
      });
      expect(template.status).toBe(400);
      expect(errorText(template.body.message)).toMatch(/only on WhatsApp/);
    }
    const bot = findThread(fake, { platform: 'telegram', quietForADay: true });
    expect((await send({ conversationId: bot.conv.id, text: 'no window here' })).status).toBe(202);
  });

  it('reopens the window when the contact writes again', async () => {
    const closed = findThread(fake, { platform: 'whatsapp', window: 'closed' });
    expect((await send({ conversationId: closed.conv.id, text: 'x' })).status).toBe(400);
    fake.control.inbound({ conversationId: closed.conv.id, text: 'Hello again' });
    expect((await send({ conversationId: closed.conv.id, text: 'Welcome back' })).status).toBe(202);
  });
});

describe('content precedence and the flat aliases', () => {
  const params = ['Sofia', '#123'];
  const rendered = 'Hi Sofia, your order #123 has shipped and is on its way.';

  it('sends the template when template, media and text are all given; media over text', async () => {
    const id = findThread(fake, { platform: 'whatsapp', window: 'open' }).conv.id;
    const all = await send({
      conversationId: id,
      text: 'ignored',
      media: { url: 'https://example.test/a.jpg', mime_type: 'image/jpeg' },
      template: { templateName: 'order_update', templateLanguage: 'en_US', templateParams: params },
    });
    expect(all.body).toMatchObject({
      type: 'template',
      text: rendered,
      media: null,
      template_name: 'order_update',
    });
    const media = await send({
      conversationId: id,
      text: 'ignored',
      media: {
        url: 'https://example.test/q.pdf',
        mime_type: 'application/pdf',
        file_name: 'q.pdf',
        caption: 'The quote',
      },
    });
    expect(media.body).toMatchObject({ type: 'document', text: 'The quote' });
    expect(media.body.media).toMatchObject({
      url: 'https://example.test/q.pdf',
      file_name: 'q.pdf',
      caption: 'The quote',
    });
  });

  it.each([
    ['an array', params],
    ['a JSON array string', JSON.stringify(params)],
    ['a comma-separated string', 'Sofia, #123'],
  ])('accepts templateParams as %s', async (_, templateParams) => {
    const id = findThread(fake, { platform: 'whatsapp', window: 'closed' }).conv.id;
    const res = await send({
      conversationId: id,
      templateName: 'order_update',
      templateLanguage: 'en_US',
      templateParams,
    });
    expect(res.status).toBe(202);
    expect(res.body.text).toBe(rendered);
  });

  it('lets a template object win over the flat aliases', async () => {
    const id = findThread(fake, { platform: 'whatsapp', window: 'closed' }).conv.id;
    const res = await send({
      conversationId: id,
      template: { templateName: 'hello_world', templateLanguage: 'en_US' },
      templateName: 'order_update',
      templateLanguage: 'en_US',
      templateParams: params,
    });
    expect(res.body.template_name).toBe('hello_world');
  });

  it('checks the parameter count, the approval and the name', async () => {
    const id = findThread(fake, { channelId: ACME_CHANNELS.whatsappSales, window: 'closed' }).conv.id;
    const wrongCount = await send({
      conversationId: id,
      templateName: 'order_update',
      templateLanguage: 'en_US',
      templateParams: ['one'],
    });
    expect(wrongCount.status).toBe(400);
    expect(wrongCount.body.message).toEqual([expect.stringMatching(/^templateParams must have 2 items/)]);
    const pending = await send({
      conversationId: id,
      template: { templateName: 'black_friday_2025', templateLanguage: 'en_US', templateParams: params },
    });
    expect(pending.status).toBe(400);
    expect(errorText(pending.body.message)).toMatch(/not approved/);
    const unknown = await send({
      conversationId: id,
      template: { templateName: 'no_such', templateLanguage: 'en_US' },
    });
    expect(unknown.status).toBe(400);
    expect(errorText(unknown.body.message)).toMatch(/does not exist/);
  });

  it('refuses a send with no content, and a malformed recipient', async () => {
    const id = findThread(fake, { platform: 'whatsapp', window: 'open' }).conv.id;
    expect((await send({ conversationId: id })).status).toBe(400);
    for (const to of ['+351912345678', '0912345678', '351 912 345 678']) {
      const res = await send({ channelId: ACME_CHANNELS.whatsappSales, to, text: 'x' });
      expect(res.status).toBe(400);
      expect(errorText(res.body.message)).toMatch(/^to /);
    }
  });
});

describe('addressing by channel and number', () => {
  it('reuses the thread of a known number and lets conversationId win', async () => {
    const thread = findThread(fake, { platform: 'whatsapp', window: 'open' });
    const byNumber = await send({
      channelId: thread.conv.channel_id,
      to: thread.conv.external_thread_id,
      text: 'by number',
    });
    expect(byNumber.status).toBe(202);
    expect(byNumber.body.conversation_id).toBe(thread.conv.id);
    const other = findThread(fake, { platform: 'telegram' });
    const both = await send({
      conversationId: other.conv.id,
      channelId: thread.conv.channel_id,
      to: thread.conv.external_thread_id,
      text: 'x',
    });
    expect(both.body.conversation_id).toBe(other.conv.id);
  });

  it('starts a new thread with the contact name, template only on the primary platform', async () => {
    const to = '447700900555';
    const before = fake.workspace().social.threads.size;
    const refused = await send({
      channelId: ACME_CHANNELS.whatsappSales,
      to,
      contactName: 'New Person',
      text: 'hi',
    });
    expect(refused.status).toBe(400);
    expect(fake.workspace().social.threads.size).toBe(before);
    const res = await send({
      channelId: ACME_CHANNELS.whatsappSales,
      to,
      contactName: 'New Person',
      templateName: 'hello_world',
      templateLanguage: 'en_US',
    });
    expect(res.status).toBe(202);
    const conv = (await social<Conversation>('GET', `/v1/conversations/${res.body.conversation_id}`)).body;
    expect(conv).toMatchObject({
      external_thread_id: to,
      channel_id: ACME_CHANNELS.whatsappSales,
      status: 'open',
    });
    const found = await social<{ data: Conversation[] }>('GET', '/v1/conversations', {
      query: { search: 'new person' },
    });
    expect(found.body.data.map((c) => c.id)).toEqual([conv.id]);
  });

  it('answers 404 for an unknown channel or conversation', async () => {
    expect(
      (await send({ channelId: '00000000-0000-4000-8000-000000000000', to: '447700900555', text: 'x' }))
        .status,
    ).toBe(404);
    expect((await send({ conversationId: '00000000-0000-4000-8000-000000000000', text: 'x' })).status).toBe(
      404,
    );
  });
});
