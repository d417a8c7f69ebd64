import { E164_DIGITS } from '../../src/contract/common';
import { MESSAGE_TYPES, type ConversationStatus, type MessageType } from '../../src/contract/conversations';
import { DIGITS, type Rng } from '../core/rng';
import { DAY_MS, HOUR_MS, MINUTE_MS, iso } from '../core/time';
import { FIRST_NAMES, LAST_NAMES } from '../crm/seed-names';
import type { CrmState } from '../crm/state';
import { AI_AGENTS, TEAM_MEMBERS } from '../team';
import { UNREACHABLE_REASON, platformMessageId } from './platform';
import { renderTemplate } from './seed-channels';
import { seededContent } from './seed-media';
import { contactDigits, contactFullName } from './lookup';
import { FILLERS, GROUP_LINES, GROUP_SUBJECTS, SCRIPTS, type ScriptLine } from './seed-text';
import type { ChannelRec, GroupRec, MessageRec, SocialState, TemplateRec, Thread } from './state';
import { appendMessage } from './thread-ops';

// Every type but plain text, from the contract's list, so a new type is seeded too.
const OTHER_TYPES: readonly MessageType[] = MESSAGE_TYPES.filter((type) => type !== 'text');
const SEND_FAILURES = [
  'Message failed to send because more than 24 hours have passed since the customer last replied',
  'Media download failed: the file could not be fetched',
  'Rate limit hit: too many messages to this recipient',
];

interface ThreadSpec {
  channel: ChannelRec;
  status: ConversationStatus;
  owner: string | null;
  aiAgent: string | null;
  contact: { id: string; customerId: string; name: string; phone: string } | null;
  leadId: string | null;
  name: string;
  externalId: string;
  lastInboundAgeMs: number;
  messageCount: number;
  trailingReplies: number;
  readReceipts: boolean;
  unreachable: string | null;
  forcedType: MessageType;
  pendingReply: boolean;
}

interface SeedCtx {
  rng: Rng;
  now: number;
  social: SocialState;
  templates: TemplateRec[];
}

const digits = (rng: Rng, n: number) => rng.chars(n, DIGITS);
const randomName = (rng: Rng) => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;

function externalIdFor(rng: Rng, channel: ChannelRec, phone: string | null): string {
  switch (channel.platform) {
    case 'whatsapp':
      return phone ?? `${rng.pick(['351', '34', '44', '49', '33'])}9${digits(rng, 8)}`;
    case 'instagram':
      return `17841${digits(rng, 12)}`;
    case 'messenger':
      return `2${digits(rng, 15)}`;
    case 'telegram':
      return `${rng.int(1, 9)}${digits(rng, 9)}`;
  }
}

const contactPool = (crm: CrmState) =>
  [...crm.contacts.values()].flatMap((c) => {
    const phone = contactDigits(c);
    if (!E164_DIGITS.test(phone)) return [];
    return [{ id: c.id, customerId: c.customer_id, name: contactFullName(c) ?? 'Unknown', phone }];
  });

function scriptLines(rng: Rng, index: number, count: number): ScriptLine[] {
  const script = SCRIPTS[index % SCRIPTS.length]!;
  const out: ScriptLine[] = [];
  while (out.length < count) {
    out.push(...(out.length === 0 ? script : [rng.pick(FILLERS), rng.pick(FILLERS)]));
  }
  return out.slice(0, count);
}

function buildMessages(ctx: SeedCtx, thread: Thread, spec: ThreadSpec, index: number): void {
  const { rng, now } = ctx;
  const platform = spec.channel.platform;
  const n = spec.messageCount;
  const body = scriptLines(rng, index, n - spec.trailingReplies);
  // The contact's last message sits exactly at the planned age, so the window is what the seed says.
  if (body.at(-1)?.dir !== 'in') body[body.length - 1] = rng.pick(FILLERS.filter((f) => f.dir === 'in'));
  const lines = [
    ...body,
    ...Array.from({ length: spec.trailingReplies }, () => rng.pick(FILLERS.filter((f) => f.dir === 'out'))),
  ];
  const k = body.length - 1;
  const times: number[] = new Array<number>(lines.length);
  times[k] = now - spec.lastInboundAgeMs;
  for (let j = k + 1; j < lines.length; j++) times[j] = times[j - 1]! + rng.int(1, 5) * MINUTE_MS;
  for (let j = k - 1; j >= 0; j--)
    times[j] = times[j + 1]! - (rng.chance(0.12) ? rng.int(2, 40) * HOUR_MS : rng.int(1, 20) * MINUTE_MS);
  thread.conv.created_at = iso(times[0]! - 1000);
  thread.conv.updated_at = thread.conv.created_at;

  const lastOutIndex = lines.map((l) => l.dir).lastIndexOf('out');
  const ownerName = TEAM_MEMBERS.find((m) => m.id === spec.owner)?.name ?? rng.pick(TEAM_MEMBERS).name;
  const botName = AI_AGENTS.find((a) => a.id === spec.aiAgent)?.name ?? null;
  const approved = ctx.templates.filter((t) => t.channel_id === spec.channel.id && t.status === 'APPROVED');

  lines.forEach((l, j) => {
    let type: MessageType = 'text';
    if (j === 1 && j < k) type = spec.forcedType;
    else if (j > 0 && j !== k && rng.chance(0.12)) type = rng.pick(OTHER_TYPES);
    if (type === 'template' && approved.length === 0) type = 'text';
    const dir = type === 'template' ? 'out' : l.dir;
    const previous = thread.messages.at(-1) ?? null;
    const content = seededContent(type, rng, {
      previousId: previous?.id ?? null,
      sample: l.text,
      contactPhone: spec.contact?.phone ?? '447700900123',
    });
    const extra: Record<string, unknown> = {};
    if (type === 'template') {
      const template = rng.pick(approved);
      const params = ['Sofia', '#48213', 'Thursday', '15:00'];
      content.text = renderTemplate(template, params);
      extra['template_name'] = template.name;
      extra['template_language'] = template.language;
    }
    const inbound = dir === 'in';
    let status: MessageRec['status'];
    let error: string | null = null;
    if (inbound) {
      status = j > lastOutIndex && spec.status !== 'closed' ? 'delivered' : 'read';
    } else if (spec.unreachable) {
      status = 'failed';
      error = spec.unreachable;
    } else if (rng.chance(0.04)) {
      status = 'failed';
      error = rng.pick(SEND_FAILURES);
    } else if (j === lastOutIndex && rng.chance(0.2)) {
      status = 'sent';
    } else {
      status = spec.readReceipts ? 'read' : 'delivered';
    }
    const quoted = j >= 2 && type === 'text' && rng.chance(0.08) ? rng.pick(thread.messages).id : null;
    const senderName = inbound
      ? thread.conv.is_group
        ? randomName(rng)
        : spec.name
      : botName && rng.chance(0.5)
        ? botName
        : ownerName;
    const message: MessageRec = {
      id: rng.uuid(),
      conversation_id: thread.conv.id,
      direction: inbound ? 'inbound' : 'outbound',
      type,
      text: content.text,
      media: content.media,
      status,
      error_reason: error,
      sender_name: senderName,
      from_me: !inbound,
      platform_message_id: status === 'failed' && !inbound ? '' : platformMessageId(platform, rng),
      created_at: iso(times[j]!),
      quoted_message_id: quoted,
      ...extra,
    };
    appendMessage(thread, message);
  });
  if (spec.pendingReply) {
    const message: MessageRec = {
      id: rng.uuid(),
      conversation_id: thread.conv.id,
      direction: 'outbound',
      type: 'text',
      text: 'On it, one moment please.',
      media: null,
      status: 'pending',
      error_reason: null,
      sender_name: ownerName,
      from_me: true,
      platform_message_id: '',
      created_at: iso(now - 500),
      quoted_message_id: null,
    };
    appendMessage(thread, message);
    ctx.social.inFlight.set(message.id, {
      message,
      thread,
      failReason: null,
      readReceipts: spec.readReceipts,
    });
  }
  // Seed-time inbound messages must not reopen threads the plan closed.
  thread.conv.status = spec.status;
}

function newThread(ctx: SeedCtx, spec: ThreadSpec, group: { subject: string; count: number } | null): Thread {
  const conv: Thread['conv'] = {
    id: ctx.rng.uuid(),
    channel_id: spec.channel.id,
    external_thread_id: spec.externalId,
    status: spec.status,
    contact_id: spec.contact?.id ?? null,
    customer_id: spec.contact?.customerId ?? null,
    lead_id: spec.leadId,
    assigned_to_user_id: spec.owner,
    last_message_at: null,
    is_group: group !== null,
    group_subject: group?.subject ?? null,
    group_participant_count: group?.count ?? null,
    created_at: iso(ctx.now),
    updated_at: iso(ctx.now),
    ai_agent_id: spec.aiAgent,
  };
  return {
    conv,
    messages: [],
    byId: new Map(),
    meta: {
      contactName: group ? null : spec.name,
      readReceipts: spec.readReceipts,
      unreachable: spec.unreachable,
      failNextDelivery: null,
      lastInboundAt: null,
    },
  };
}

/**
 * The first threads, placed on purpose (mocks/README.md lists them): windows open for 10 min, 3 h and
 * 23 h 50 min, just closed (30 h), long closed (3 and 10 days). Thread 7, the unreachable contact, is
 * inside its window so a send to it can be tried and seen to fail.
 */
const FIXED_AGES = [
  10 * MINUTE_MS,
  3 * HOUR_MS,
  23 * HOUR_MS + 50 * MINUTE_MS,
  30 * HOUR_MS,
  2 * HOUR_MS,
  3 * DAY_MS,
  10 * DAY_MS,
  45 * MINUTE_MS,
  20 * MINUTE_MS,
  HOUR_MS,
];

function randomSpec(
  ctx: SeedCtx,
  i: number,
  channels: ChannelRec[],
  pool: ReturnType<typeof contactPool>,
  crm: CrmState,
): ThreadSpec {
  const { rng } = ctx;
  const weighted = channels.flatMap((c) => Array<ChannelRec>(c.platform === 'whatsapp' ? 4 : 1).fill(c));
  const channel = i < 4 ? channels[i % 2 === 0 ? 0 : Math.min(1, channels.length - 1)]! : rng.pick(weighted);
  const linked = pool.length > 0 && rng.chance(0.78);
  const contact = linked ? pool[i % pool.length]! : null;
  const leads = [...crm.leads.keys()];
  const statusRoll = rng.next();
  const status: ConversationStatus =
    statusRoll < 0.55 ? 'open' : statusRoll < 0.67 ? 'pending' : statusRoll < 0.75 ? 'snoozed' : 'closed';
  const ownerRoll = rng.int(0, TEAM_MEMBERS.length + 1);
  const age =
    i < FIXED_AGES.length
      ? FIXED_AGES[i]!
      : rng.chance(0.5)
        ? rng.int(1, 23 * 60) * MINUTE_MS
        : rng.int(25, 60 * 24) * HOUR_MS;
  return {
    channel,
    status: i < FIXED_AGES.length ? 'open' : status,
    owner: ownerRoll < TEAM_MEMBERS.length ? TEAM_MEMBERS[ownerRoll]!.id : null,
    aiAgent: i === 8 || rng.chance(0.08) ? rng.pick(AI_AGENTS).id : null,
    contact,
    leadId: contact && leads.length > 0 && rng.chance(0.35) ? rng.pick(leads) : null,
    name: contact?.name ?? randomName(rng),
    externalId: externalIdFor(
      rng,
      channel,
      channel.platform === 'whatsapp' ? (contact?.phone ?? null) : null,
    ),
    lastInboundAgeMs: age,
    messageCount: rng.int(8, 34),
    trailingReplies: age > 30 * MINUTE_MS ? rng.int(0, 2) : 0,
    readReceipts: i === 9 ? false : rng.chance(0.8),
    unreachable: i === 7 ? UNREACHABLE_REASON[channel.platform] : null,
    forcedType: OTHER_TYPES[i % OTHER_TYPES.length]!,
    pendingReply: i === 0,
  };
}

function seedGroup(ctx: SeedCtx, channel: ChannelRec, i: number): Thread {
  const { rng, now } = ctx;
  const id = i === 0 ? '120363025246125486@g.us' : `120363${digits(rng, 12)}@g.us`;
  const participants = Array.from({ length: rng.int(5, 18) }, (_, p) => ({
    phone: `3519${digits(rng, 8)}`,
    name: randomName(rng),
    role: p === 0 ? 'admin' : 'member',
  }));
  participants.unshift({
    phone: channel.phone_number ?? '351912000001',
    name: channel.name,
    role: 'superadmin',
  });
  const subject =
    GROUP_SUBJECTS[i % GROUP_SUBJECTS.length]! +
    (i >= GROUP_SUBJECTS.length ? ` ${Math.floor(i / GROUP_SUBJECTS.length) + 1}` : '');
  const spec: ThreadSpec = {
    channel,
    status: 'open',
    owner: TEAM_MEMBERS[i % TEAM_MEMBERS.length]!.id,
    aiAgent: null,
    contact: null,
    leadId: null,
    name: subject,
    externalId: id,
    lastInboundAgeMs: rng.int(5, 600) * MINUTE_MS,
    messageCount: rng.int(10, 30),
    trailingReplies: 1,
    readReceipts: true,
    unreachable: null,
    forcedType: i % 2 === 0 ? 'poll' : 'location',
    pendingReply: false,
  };
  const thread = newThread(ctx, spec, { subject, count: participants.length });
  buildMessages(ctx, thread, spec, i);
  for (const m of thread.messages)
    if (m.type === 'text' && m.direction === 'inbound') m.text = rng.pick(GROUP_LINES);
  const link = `https://chat.whatsapp.com/${digits(rng, 6)}${i}Grp${digits(rng, 10)}`;
  const group: GroupRec = {
    id,
    channel_id: channel.id,
    subject,
    description: `${subject}: announcements and questions`,
    participants,
    join_requests: Array.from({ length: rng.int(2, 4) }, () => ({
      phone: `3519${digits(rng, 8)}`,
      requested_at: iso(now - rng.int(10, 3000) * MINUTE_MS),
    })),
    invite_link: link,
  };
  ctx.social.groups.set(id, group);
  ctx.social.validInviteLinks.add(link);
  return thread;
}

/** A thread of `count` messages a minute apart, for benchmarks of long threads. */
function seedLongThread(ctx: SeedCtx, channel: ChannelRec, count: number): Thread {
  const spec: ThreadSpec = {
    channel,
    status: 'open',
    owner: TEAM_MEMBERS[0].id,
    aiAgent: null,
    contact: null,
    leadId: null,
    name: 'Benchmark Buyer',
    externalId: '447700900999',
    lastInboundAgeMs: 5 * MINUTE_MS,
    messageCount: count,
    trailingReplies: 0,
    readReceipts: true,
    unreachable: null,
    forcedType: 'image',
    pendingReply: false,
  };
  const thread = newThread(ctx, spec, null);
  buildMessages(ctx, thread, spec, 0);
  // Even spacing keeps `before` paging predictable over the whole thread.
  const start = ctx.now - spec.lastInboundAgeMs - (count - 1) * MINUTE_MS;
  thread.messages.forEach((m, j) => (m.created_at = iso(start + j * MINUTE_MS)));
  thread.conv.created_at = iso(start - 1000);
  thread.conv.last_message_at = thread.messages.at(-1)!.created_at;
  return thread;
}

export function seedThreads(
  rng: Rng,
  now: Date,
  social: SocialState,
  crm: CrmState,
  opts: { workspace: 'acme' | 'globex'; scale: number },
): void {
  const ctx: SeedCtx = { rng, now: now.getTime(), social, templates: social.templates };
  const pool = contactPool(crm);
  const acme = opts.workspace === 'acme';
  const count = acme ? 110 * opts.scale : 6;
  const whatsapp = social.channels.filter((c) => c.platform === 'whatsapp');
  const add = (t: Thread) => social.threads.set(t.conv.id, t);
  for (let i = 0; i < count; i++) {
    const spec = randomSpec(ctx, i, social.channels, pool, crm);
    const thread = newThread(ctx, spec, null);
    buildMessages(ctx, thread, spec, i);
    add(thread);
  }
  if (acme) {
    for (let i = 0; i < 6 * opts.scale; i++) add(seedGroup(ctx, whatsapp[i % whatsapp.length]!, i));
    if (opts.scale >= 10) add(seedLongThread(ctx, whatsapp[0]!, 10_000));
  }
}
