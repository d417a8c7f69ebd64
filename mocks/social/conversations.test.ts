import { describe, expect, it } from 'vitest';
import { Conversation, ConversationList, MessagePage } from '../../src/contract';
import { social } from '../core/test-client';
import { expectFirstPage } from '../core/test-expect';
import { fake, useFakeServer } from '../node';
import { AI_AGENTS, TEAM_MEMBERS } from '../team';
import { ACME_CHANNELS } from './seed-channels';
import { findThread } from './test-fixtures';

useFakeServer();

const list = async (query: Record<string, string | number> = {}) => {
  const res = await social<ConversationList>('GET', '/v1/conversations', { query });
  expect(res.status).toBe(200);
  expect(ConversationList.safeParse(res.body).success).toBe(true);
  return res.body;
};

describe('GET /v1/conversations', () => {
  it('pages newest first in the leads envelope', async () => {
    expectFirstPage(await list(), fake.workspace().social.threads.size, (c) => c.last_message_at ?? '');
  });

  it('reads every thread exactly once by page and by offset', async () => {
    const total = fake.workspace().social.threads.size;
    const byPage: string[] = [];
    const byOffset: string[] = [];
    for (let page = 1; ; page++) {
      const res = await list({ page, limit: 30 });
      byPage.push(...res.data.map((c) => c.id));
      if (!res.hasMore) break;
    }
    for (let offset = 0; ;) {
      const res = await list({ offset, limit: 25 });
      byOffset.push(...res.data.map((c) => c.id));
      offset += res.data.length;
      if (!res.hasMore) break;
    }
    expect(byPage).toHaveLength(total);
    expect(new Set(byPage).size).toBe(total);
    expect(byOffset).toEqual(byPage);
  });

  it('lets offset win over page', async () => {
    const all = await list({ limit: 100 });
    const res = await list({ page: 4, offset: 7, limit: 5 });
    expect(res.data.map((c) => c.id)).toEqual(all.data.slice(7, 12).map((c) => c.id));
    expect(res.page).toBe(2);
  });

  it('filters by status, owner, unowned and channel', async () => {
    const owner = TEAM_MEMBERS[0].id;
    const byStatus = await list({ status: 'closed', limit: 100 });
    expect(byStatus.total).toBeGreaterThan(0);
    expect(byStatus.data.every((c) => c.status === 'closed')).toBe(true);
    const mine = await list({ assignedTo: owner, limit: 100 });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.data.every((c) => c.assigned_to_user_id === owner)).toBe(true);
    const unowned = await list({ assignedTo: 'none', limit: 100 });
    expect(unowned.total).toBeGreaterThan(0);
    expect(unowned.data.every((c) => c.assigned_to_user_id === null)).toBe(true);
    const ig = await list({ channelId: ACME_CHANNELS.instagram, limit: 100 });
    expect(ig.total).toBeGreaterThan(0);
    expect(ig.data.every((c) => c.channel_id === ACME_CHANNELS.instagram)).toBe(true);
  });

  it('searches contact names, group subjects, external ids and the last message text', async () => {
    const ws = fake.workspace();
    const linked = [...ws.social.threads.values()].find((t) => t.conv.contact_id)!;
    const contact = ws.crm.contacts.get(linked.conv.contact_id!)!;
    const byName = await list({ search: (contact.last_name ?? '').toUpperCase(), limit: 100 });
    expect(byName.data.map((c) => c.id)).toContain(linked.conv.id);

    const group = findThread(fake, { group: true });
    const bySubject = await list({ search: group.conv.group_subject!.slice(0, 8) });
    expect(bySubject.data.map((c) => c.id)).toContain(group.conv.id);

    const byExternal = await list({ search: linked.conv.external_thread_id });
    expect(byExternal.data.map((c) => c.id)).toContain(linked.conv.id);

    const text = [...ws.social.threads.values()]
      .map((t) => t.messages.at(-1)!)
      .find((m) => m.type === 'text')!;
    const byText = await list({ search: text.text!.slice(0, 20) });
    expect(byText.data.map((c) => c.id)).toContain(text.conversation_id);

    expect((await list({ search: 'zzz-nothing-matches-zzz' })).total).toBe(0);
  });
});

describe('one conversation', () => {
  it('reads it with the ai_agent_id extra field, 404 for an unknown id', async () => {
    const thread = findThread(fake, {});
    const res = await social<Conversation>('GET', `/v1/conversations/${thread.conv.id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(thread.conv.id);
    expect(res.body).toHaveProperty('ai_agent_id');
    expect((await social('GET', '/v1/conversations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('assigns and unassigns an owner and an AI agent, closes and reopens', async () => {
    const id = findThread(fake, { status: 'open' }).conv.id;
    const owner = await social<Conversation>('PATCH', `/v1/conversations/${id}/assign-owner`, {
      body: { userId: TEAM_MEMBERS[3].id },
    });
    expect(owner.body.assigned_to_user_id).toBe(TEAM_MEMBERS[3].id);
    const unowned = await social<Conversation>('PATCH', `/v1/conversations/${id}/assign-owner`, {
      body: { userId: null },
    });
    expect(unowned.body.assigned_to_user_id).toBeNull();
    const bot = await social<Conversation>('PATCH', `/v1/conversations/${id}/assign`, {
      body: { agentId: AI_AGENTS[1].id },
    });
    expect(bot.body.ai_agent_id).toBe(AI_AGENTS[1].id);
    const human = await social<Conversation>('PATCH', `/v1/conversations/${id}/assign`, {
      body: { agentId: null },
    });
    expect(human.body.ai_agent_id).toBeNull();
    const closed = await social<Conversation>('PATCH', `/v1/conversations/${id}/close`);
    expect(closed.body.status).toBe('closed');
    expect((await social<Conversation>('GET', `/v1/conversations/${id}`)).body.status).toBe('closed');
    const reopened = await social<Conversation>('PATCH', `/v1/conversations/${id}/reopen`);
    expect(reopened.body.status).toBe('open');
  });

  it('requires userId on assign-owner (null is explicit)', async () => {
    const id = findThread(fake, {}).conv.id;
    const res = await social<{ message: string[] }>('PATCH', `/v1/conversations/${id}/assign-owner`, {
      body: {},
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(['userId is required']);
  });
});

describe('GET /v1/conversations/{id}/messages', () => {
  it('pages newest first with before, with no gaps or repeats, ending with hasMore false', async () => {
    const thread = findThread(fake, {});
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const res = await social<MessagePage>('GET', `/v1/conversations/${thread.conv.id}/messages`, {
        query: { limit: 7, ...(before ? { before } : {}) },
      });
      expect(MessagePage.safeParse(res.body).success).toBe(true);
      seen.push(...res.body.data.map((m) => m.id));
      if (!res.body.hasMore) break;
      before = res.body.data.at(-1)!.id;
    }
    expect(seen).toEqual(thread.messages.map((m) => m.id).reverse());
  });

  it('has the conversation last_message_at equal to its newest message', async () => {
    const page = await list({ limit: 10 });
    for (const conv of page.data) {
      const res = await social<MessagePage>('GET', `/v1/conversations/${conv.id}/messages`, {
        query: { limit: 1 },
      });
      expect(res.body.data[0]!.created_at).toBe(conv.last_message_at);
    }
  });

  it('refuses a before id from another thread', async () => {
    const [a, b] = [...fake.workspace().social.threads.values()];
    const res = await social('GET', `/v1/conversations/${a!.conv.id}/messages`, {
      query: { before: b!.messages[0]!.id },
    });
    expect(res.status).toBe(400);
  });
});
