import type { MessageType } from '../../src/contract/conversations';
import { notFound } from '../core/errors';
import type { Rng } from '../core/rng';
import type { Workspace } from '../core/types';
import { contactName, findThreadByExternalId, getChannel, getThread } from './lookup';
import { platformMessageId } from './platform';
import { startThread } from './start-thread';
import type { ConversationRec, MessageRec } from './state';
import { appendMessage, channelOf, toConversation } from './thread-ops';

export type InboundInput =
  | {
      conversationId: string;
      text?: string | undefined;
      type?: MessageType | undefined;
      media?: Record<string, unknown> | undefined;
      senderName?: string | undefined;
    }
  | { channelId: string; from: string; text: string; senderName?: string | undefined };

/**
 * A message from the contact: opens the 24-hour window and reopens a closed thread (spec Part 3).
 * With `channelId` + `from` it finds that contact's thread or starts one.
 */
export function injectInbound(
  ws: Workspace,
  input: InboundInput,
  now: Date,
  rng: Rng,
): { conversation: ConversationRec; message: MessageRec } {
  let thread;
  if ('conversationId' in input) {
    thread = getThread(ws, input.conversationId);
  } else {
    const channel = getChannel(ws, input.channelId);
    thread =
      findThreadByExternalId(ws, channel.id, input.from) ??
      startThread(ws, channel, input.from, input.senderName ?? null, now, rng);
  }
  const channel = channelOf(ws.social, thread);
  if (!channel) throw notFound('Channel');
  const media = 'media' in input && input.media ? input.media : null;
  const type: MessageType = ('type' in input && input.type) || (media ? 'image' : 'text');
  const message: MessageRec = {
    id: rng.uuid(),
    conversation_id: thread.conv.id,
    direction: 'inbound',
    type,
    text: input.text ?? (typeof media?.['caption'] === 'string' ? media['caption'] : null),
    media,
    status: 'delivered',
    error_reason: null,
    sender_name: input.senderName ?? contactName(ws, thread) ?? thread.conv.external_thread_id,
    from_me: false,
    platform_message_id: platformMessageId(channel.platform, rng),
    created_at: now.toISOString(),
    quoted_message_id: null,
  };
  appendMessage(thread, message);
  return { conversation: toConversation(thread), message: { ...message } };
}
