import type { MessageType } from '../../src/contract/conversations';
import { badRequest } from '../core/errors';
import type { Rng } from '../core/rng';
import { iso } from '../core/time';
import type { Workspace } from '../core/types';
import { UNREACHABLE_REASON, WINDOW_MS, platformMessageId, windowApplies } from './platform';
import type { ChannelRec, ConversationRec, MessageRec, SocialState, Thread } from './state';

export function channelOf(social: SocialState, thread: Thread): ChannelRec | undefined {
  return social.channels.find((c) => c.id === thread.conv.channel_id);
}

/** The record as the API returns it: a copy, so callers never hold the store's object. */
export const toConversation = (thread: Thread): ConversationRec => ({ ...thread.conv });

export function appendMessage(thread: Thread, message: MessageRec): void {
  thread.messages.push(message);
  thread.byId.set(message.id, message);
  const at = Date.parse(message.created_at);
  const last = thread.conv.last_message_at ? Date.parse(thread.conv.last_message_at) : -Infinity;
  if (at >= last) thread.conv.last_message_at = message.created_at;
  thread.conv.updated_at = iso(Math.max(at, Date.parse(thread.conv.updated_at)));
  if (message.direction === 'inbound') {
    thread.meta.lastInboundAt = Math.max(thread.meta.lastInboundAt ?? -Infinity, at);
    if (message.sender_name && !thread.conv.is_group) thread.meta.contactName = message.sender_name;
    // Spec Part 3: a new inbound message reopens a closed thread.
    if (thread.conv.status === 'closed') thread.conv.status = 'open';
  }
}

/** decisions.md: the window runs 24 h from the contact's last inbound message on the primary and social
 * platforms; the bot platform and group threads have none. `thread` null: a thread not started yet. */
export function windowOpen(
  channel: ChannelRec,
  thread: Pick<Thread, 'conv' | 'meta'> | null,
  now: Date,
): boolean {
  if (!windowApplies(channel.platform) || thread?.conv.is_group) return true;
  const last = thread?.meta.lastInboundAt ?? null;
  return last !== null && now.getTime() - last < WINDOW_MS;
}

export function windowIsOpen(social: SocialState, thread: Thread, now: Date): boolean {
  const channel = channelOf(social, thread);
  return !channel || windowOpen(channel, thread, now);
}

export const OUTSIDE_WINDOW =
  'Outside the 24-hour customer service window: only approved templates can be sent';

export function assertWindowOpen(social: SocialState, thread: Thread, now: Date): void {
  if (!windowIsOpen(social, thread, now)) throw badRequest(OUTSIDE_WINDOW);
}

export interface OutboundContent {
  type: MessageType;
  text: string | null;
  media: MessageRec['media'];
  quotedMessageId?: string | null;
  extra?: Record<string, unknown>;
}

/** Queues an outbound message: `pending`, no platform id yet; the clock moves it on (settleDeliveries). */
export function queueOutbound(
  ws: Workspace,
  thread: Thread,
  content: OutboundContent,
  now: Date,
  rng: Rng,
): MessageRec {
  const social = ws.social;
  const channel = channelOf(social, thread);
  const message: MessageRec = {
    id: rng.uuid(),
    conversation_id: thread.conv.id,
    direction: 'outbound',
    type: content.type,
    text: content.text,
    media: content.media,
    status: 'pending',
    error_reason: null,
    sender_name: ws.name,
    from_me: true,
    platform_message_id: '',
    created_at: now.toISOString(),
    quoted_message_id: content.quotedMessageId ?? null,
    ...content.extra,
  };
  appendMessage(thread, message);
  const failReason = thread.meta.failNextDelivery ?? thread.meta.unreachable ?? null;
  thread.meta.failNextDelivery = null;
  social.inFlight.set(message.id, {
    message,
    thread,
    failReason: failReason ?? (channel ? null : 'Channel disconnected'),
    readReceipts: thread.meta.readReceipts,
  });
  return message;
}

export const SENT_AFTER_MS = 2_000;
export const DELIVERED_AFTER_MS = 5_000;
export const READ_AFTER_MS = 15_000;

/**
 * Moves queued messages along by their age on the fake clock: +2 s `sent` (or `failed` for a
 * recipient the platform does not know), +5 s `delivered`, +15 s `read` with read receipts on.
 * Idempotent, so it runs on every request and every clock advance.
 */
export function settleDeliveries(social: SocialState, now: Date, rng: Rng): void {
  for (const [id, d] of social.inFlight) {
    const age = now.getTime() - Date.parse(d.message.created_at);
    if (age < SENT_AFTER_MS) continue;
    const channel = channelOf(social, d.thread);
    if (d.failReason !== null) {
      d.message.status = 'failed';
      d.message.error_reason = d.failReason;
      social.inFlight.delete(id);
      continue;
    }
    if (!d.message.platform_message_id) {
      d.message.platform_message_id = platformMessageId(channel?.platform ?? 'whatsapp', rng);
    }
    d.message.status = 'sent';
    if (age >= DELIVERED_AFTER_MS) d.message.status = 'delivered';
    if (age >= READ_AFTER_MS && d.readReceipts) d.message.status = 'read';
    const done = d.message.status === 'read' || (!d.readReceipts && d.message.status === 'delivered');
    if (done) social.inFlight.delete(id);
  }
}

export const unreachableReason = (channel: ChannelRec) => UNREACHABLE_REASON[channel.platform];
