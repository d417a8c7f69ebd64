import { describe, expect, it } from 'vitest';
import type { Conversation, GroupResponse, QuickReply } from '../../src/contract';
import { ACME_GROUP_ID } from '../core/route-samples';
import { social } from '../core/test-client';
import { fake, useFakeServer } from '../node';
import { ACME_CHANNELS } from './seed-channels';
import { findThread } from './test-fixtures';

useFakeServer();

const getConv = async (id: string) => (await social<Conversation>('GET', `/v1/conversations/${id}`)).body;

describe('inbound messages', () => {
  it('reopen a closed thread and move it to the top of the list', async () => {
    const thread = findThread(fake, { status: 'closed' });
    fake.control.advance(1000);
    const { message } = fake.control.inbound({
      conversationId: thread.conv.id,
      text: 'Are you still there?',
    });
    expect(message).toMatchObject({
      direction: 'inbound',
      from_me: false,
      status: 'delivered',
      text: 'Are you still there?',
    });
    const conv = await getConv(thread.conv.id);
    expect(conv.status).toBe('open');
    expect(conv.last_message_at).toBe(message.created_at);
    const top = await social<{ data: Conversation[] }>('GET', '/v1/conversations', { query: { limit: 1 } });
    expect(top.body.data[0]!.id).toBe(thread.conv.id);
  });

  it('start a thread from a new number on a channel, named after the sender', async () => {
    const { conversation } = fake.control.inbound({
      channelId: ACME_CHANNELS.whatsappSupport,
      from: '4915112345678',
      text: 'Hallo!',
      senderName: 'Jana Weber',
    });
    expect(conversation).toMatchObject({
      external_thread_id: '4915112345678',
      status: 'open',
      channel_id: ACME_CHANNELS.whatsappSupport,
    });
    const found = await social<{ data: Conversation[] }>('GET', '/v1/conversations', {
      query: { search: 'jana' },
    });
    expect(found.body.data.map((c) => c.id)).toEqual([conversation.id]);
    // The window is open now, so plain text goes.
    const reply = await social('POST', `/v1/conversations/${conversation.id}/messages`, {
      body: { text: 'Hi Jana' },
    });
    expect(reply.status).toBe(202);
  });

  it('carry media when injected with it', async () => {
    const thread = findThread(fake, { platform: 'whatsapp' });
    const { message } = fake.control.inbound({
      conversationId: thread.conv.id,
      type: 'image',
      media: { url: 'https://cdn.example.test/p.jpg', mime_type: 'image/jpeg', caption: 'Photo' },
    });
    expect(message).toMatchObject({ type: 'image', text: 'Photo' });
  });
});

describe('group chats', () => {
  const base = `/v1/chat/wa-groups/${encodeURIComponent(ACME_GROUP_ID)}`;
  const channelId = ACME_CHANNELS.whatsappSales;

  it('reads a group by its encoded JID on its channel; 404 on another channel or an unknown group', async () => {
    const res = await social<GroupResponse>('GET', base, { query: { channelId } });
    expect(res.status).toBe(200);
    expect(res.body.group.id).toBe(ACME_GROUP_ID);
    expect(res.body.group.participants.length).toBeGreaterThan(3);
    expect(res.body.group.join_requests!.length).toBeGreaterThan(0);
    expect((await social('GET', base, { query: { channelId: ACME_CHANNELS.whatsappSupport } })).status).toBe(
      404,
    );
    const unknown = `/v1/chat/wa-groups/${encodeURIComponent('120363000000000000@g.us')}`;
    expect((await social('GET', unknown, { query: { channelId } })).status).toBe(404);
  });

  it('approves pending join requests, skips numbers that never asked, and counts participants', async () => {
    const before = (await social<GroupResponse>('GET', base, { query: { channelId } })).body.group;
    const requested = before.join_requests![0]!.phone;
    const res = await social<{ approved: string[]; skipped: string[] }>('POST', `${base}/join-requests`, {
      body: { channelId, phoneNumbers: [requested, '351900000001'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ approved: [requested], skipped: ['351900000001'] });
    const after = (await social<GroupResponse>('GET', base, { query: { channelId } })).body.group;
    expect(after.participants.map((p) => p.phone)).toContain(requested);
    expect(after.join_requests!.map((r) => r.phone)).not.toContain(requested);
    const thread = [...fake.workspace().social.threads.values()].find(
      (t) => t.conv.external_thread_id === ACME_GROUP_ID,
    )!;
    expect((await getConv(thread.conv.id)).group_participant_count).toBe(after.participants.length);
  });

  it('rotates the invite link, invalidating the old one at once', async () => {
    const old = (await social<GroupResponse>('GET', base, { query: { channelId } })).body.group.invite_link!;
    expect(fake.control.inviteLinkValid(old)).toBe(true);
    const res = await social<{ invite_link: string }>('POST', `${base}/invite-link`, { body: { channelId } });
    expect(res.status).toBe(201);
    expect(res.body.invite_link).not.toBe(old);
    expect(fake.control.inviteLinkValid(old)).toBe(false);
    expect(fake.control.inviteLinkValid(res.body.invite_link)).toBe(true);
  });

  it('lets plain text into a group whatever the age of its last message', async () => {
    const group = findThread(fake, { group: true });
    fake.control.advance(3 * 24 * 3600_000);
    expect(
      (await social('POST', `/v1/conversations/${group.conv.id}/messages`, { body: { text: 'Hi all' } }))
        .status,
    ).toBe(202);
  });
});

describe('quick replies', () => {
  it('creates, lists, updates and deletes; a taken shortcut is a 400 on the shortcut field', async () => {
    const created = await social<QuickReply>('POST', '/v1/quick-replies', {
      body: { title: 'Thanks', body: 'Thank you!', shortcut: 'thx' },
    });
    expect(created.status).toBe(201);
    const listed = await social<{ data: QuickReply[] }>('GET', '/v1/quick-replies');
    expect(listed.body.data.map((q) => q.id)).toContain(created.body.id);
    expect(listed.body.data.length).toBeGreaterThanOrEqual(10);

    const dup = await social<{ message: string[] }>('POST', '/v1/quick-replies', {
      body: { title: 'Other', body: 'x', shortcut: 'THX' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toEqual(['shortcut already exists']);
    const taken = listed.body.data.find((q) => q.id !== created.body.id)!.shortcut;
    const dupUpdate = await social('PATCH', `/v1/quick-replies/${created.body.id}`, {
      body: { shortcut: taken },
    });
    expect(dupUpdate.status).toBe(400);

    const updated = await social<QuickReply>('PATCH', `/v1/quick-replies/${created.body.id}`, {
      body: { body: 'Many thanks!' },
    });
    expect(updated.body).toMatchObject({ body: 'Many thanks!', shortcut: 'thx' });
    expect((await social('DELETE', `/v1/quick-replies/${created.body.id}`)).status).toBe(204);
    expect((await social('DELETE', `/v1/quick-replies/${created.body.id}`)).status).toBe(404);
  });
});
