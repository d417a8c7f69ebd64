import { describe, expect, it } from 'vitest';
import { CONVERSATION_STATUSES, MESSAGE_STATUSES, MESSAGE_TYPES, PLATFORMS } from '../../src/contract';
import { createFake } from '../fake';
import { AI_AGENTS, TEAM_MEMBERS } from '../team';
import type { Thread } from './state';
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
    // mocks/README.md names it.
    const long = large.social.threads.get('146b94f7-88f8-4cec-8899-4d7f11efd54a')!;
    expect(long.messages).toHaveLength(10_000);
    expect(long.meta.contactName).toBe('Benchmark Buyer');
    expect(long.conv.external_thread_id).toBe('447700900999');
  });
});

describe('the records mocks/README.md names', () => {
  const MIN = 60_000;
  const rows: [
    string,
    Partial<Record<'platform' | 'status', string>>,
    number | null,
    (t: Thread) => boolean,
  ][] = [
    [
      'f1ca5c1c-5ec4-46e1-a657-d57b20a75ad2',
      { platform: 'whatsapp' },
      10,
      (t) => t.messages.some((m) => m.status === 'pending'),
    ],
    ['a0b52181-8044-46f8-94e9-7692b6313062', { platform: 'whatsapp' }, 180, () => true],
    [
      'b583aba6-aa7b-443e-abe8-ec5e6ffbe202',
      { platform: 'whatsapp' },
      23 * 60 + 50,
      (t) => !t.conv.contact_id,
    ],
    ['c6ae807a-9dde-4c5e-8152-34737da12651', { platform: 'whatsapp' }, 30 * 60, (t) => !t.meta.readReceipts],
    ['59e9b9be-2e05-4cdd-9622-de7ec763c427', { platform: 'whatsapp' }, 3 * 24 * 60, () => true],
    ['d5bfdd64-6383-41e8-acfc-cbc6f54346b7', { platform: 'whatsapp' }, 10 * 24 * 60, () => true],
    [
      '5a42e075-69a9-466c-91e4-37b425fd9414',
      { platform: 'instagram' },
      45,
      (t) => t.meta.unreachable !== null,
    ],
    [
      '9258fa13-45e8-4f68-ba21-5786846791ab',
      { platform: 'whatsapp' },
      null,
      (t) => t.conv.ai_agent_id !== null,
    ],
    ['aae28cec-a9a7-4100-8bed-e6019cf32579', { platform: 'messenger' }, null, (t) => !t.meta.readReceipts],
    [
      'd12764a0-a4a5-4f7c-8cd5-c71f1864be2c',
      { platform: 'whatsapp' },
      null,
      (t) => t.conv.is_group && t.conv.external_thread_id === '120363025246125486@g.us',
    ],
    ['5275bb91-cac4-468e-b549-d055194b38d0', { status: 'closed', platform: 'instagram' }, null, () => true],
    ['83c5d31d-50f4-40c3-9d56-b2f8e6858f88', { platform: 'telegram' }, null, () => true],
  ];
  it.each(rows)('%s is what the README says', (id, want, inboundMinutesAgo, check) => {
    const thread = ws.social.threads.get(id);
    expect(thread).toBeDefined();
    const t = thread!;
    if (want.platform) expect(channelOf(ws.social, t)!.platform).toBe(want.platform);
    if (want.status) expect(t.conv.status).toBe(want.status);
    if (inboundMinutesAgo !== null) {
      expect(now - t.meta.lastInboundAt!).toBe(inboundMinutesAgo * MIN);
      expect(windowIsOpen(ws.social, t, new Date(now))).toBe(inboundMinutesAgo < 24 * 60);
    }
    expect(check(t)).toBe(true);
  });
});
