import { describe, expect, it } from 'vitest';
import { CONVERSATION_STATUSES, MESSAGE_STATUSES, MESSAGE_TYPES, PLATFORMS } from '../../src/contract';
import { createFake } from '../fake';
import { AI_AGENTS, TEAM_MEMBERS } from '../team';
import { channelOf, windowIsOpen } from './thread-ops';

const fake = createFake({ scale: 1 });
const ws = fake.workspace();
const threads = [...ws.social.threads.values()];
const messages = threads.flatMap((t) => t.messages);
const now = fake.clock.now().getTime();

describe('the Acme messaging seed', () => {
  it('has at least 100 threads and 2,000 messages across every platform', () => {
    expect(threads.length).toBeGreaterThanOrEqual(100);
    expect(messages.length).toBeGreaterThanOrEqual(2000);
    const platforms = new Set(threads.map((t) => channelOf(ws.social, t)!.platform));
    expect([...platforms].sort()).toEqual([...PLATFORMS].sort());
    expect(ws.social.channels.filter((c) => c.platform === 'whatsapp')).toHaveLength(2);
  });

  it('covers every conversation status, owner, unowned threads, AI agents and groups', () => {
    for (const status of CONVERSATION_STATUSES)
      expect(threads.some((t) => t.conv.status === status)).toBe(true);
    for (const member of TEAM_MEMBERS)
      expect(threads.some((t) => t.conv.assigned_to_user_id === member.id)).toBe(true);
    expect(threads.some((t) => t.conv.assigned_to_user_id === null)).toBe(true);
    expect(threads.some((t) => AI_AGENTS.some((a) => a.id === t.conv.ai_agent_id))).toBe(true);
    const groups = threads.filter((t) => t.conv.is_group);
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) {
      expect(g.conv.external_thread_id).toMatch(/^\d+@g\.us$/);
      expect(ws.social.groups.get(g.conv.external_thread_id)?.participants).toHaveLength(
        g.conv.group_participant_count!,
      );
    }
  });

  it('covers every message type and status, with failures explained and quotes inside their thread', () => {
    for (const type of MESSAGE_TYPES) expect(messages.some((m) => m.type === type)).toBe(true);
    for (const status of MESSAGE_STATUSES) expect(messages.some((m) => m.status === status)).toBe(true);
    const inboundStatuses = new Set(messages.filter((m) => m.direction === 'inbound').map((m) => m.status));
    expect([...inboundStatuses].sort()).toEqual(['delivered', 'read']);
    for (const m of messages.filter((x) => x.status === 'failed')) expect(m.error_reason).toBeTruthy();
    for (const t of threads) {
      for (const m of t.messages) if (m.quoted_message_id) expect(t.byId.has(m.quoted_message_id)).toBe(true);
    }
    expect(messages.some((m) => m.quoted_message_id)).toBe(true);
    const media = messages.filter((m) => ['image', 'video', 'audio', 'document', 'sticker'].includes(m.type));
    expect(
      media.every((m) => typeof m.media?.url === 'string' && typeof m.media.mime_type === 'string'),
    ).toBe(true);
  });

  it('places windows open at various ages and closed ones', () => {
    const ages = threads.filter((t) => !t.conv.is_group).map((t) => now - (t.meta.lastInboundAt ?? 0));
    const minutes = (m: number) => m * 60_000;
    expect(ages).toContain(minutes(10));
    expect(ages).toContain(minutes(180));
    expect(ages).toContain(minutes(23 * 60 + 50));
    const open = threads.filter((t) => windowIsOpen(ws.social, t, new Date(now)));
    expect(open.length).toBeGreaterThan(10);
    expect(threads.length - open.length).toBeGreaterThan(10);
  });

  it('links most threads to CRM contacts, some to leads, and leaves some unlinked', () => {
    const linked = threads.filter((t) => t.conv.contact_id);
    expect(linked.length / threads.length).toBeGreaterThan(0.5);
    for (const t of linked) {
      const contact = ws.crm.contacts.get(t.conv.contact_id!);
      expect(contact?.customer_id).toBe(t.conv.customer_id);
    }
    expect(threads.some((t) => t.conv.lead_id && ws.crm.leads.has(t.conv.lead_id))).toBe(true);
    expect(threads.some((t) => !t.conv.is_group && !t.conv.contact_id)).toBe(true);
  });

  it('keeps last_message_at equal to the newest message of each thread', () => {
    for (const t of threads) {
      const newest = t.messages
        .map((m) => m.created_at)
        .sort()
        .at(-1);
      expect(t.conv.last_message_at).toBe(newest);
    }
  });

  it('is deterministic', () => {
    const again = createFake({ scale: 1 }).workspace();
    const ids = (w: typeof ws) =>
      [...w.social.threads.values()].map((t) => [t.conv.id, t.messages.length, t.messages.at(-1)?.text]);
    expect(ids(again)).toEqual(ids(ws));
  });

  it('seeds ten times as much and a 10,000-message thread at scale 10', () => {
    const large = createFake({ scale: 10 }).workspace();
    const sizes = [...large.social.threads.values()].map((t) => t.messages.length);
    expect(sizes.length).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...sizes)).toBe(10_000);
  });
});
