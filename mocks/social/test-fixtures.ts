// Finds seeded threads by what a test needs of them (platform, window open or closed...).
import type { Platform } from '../../src/contract/channels';
import type { Message } from '../../src/contract/conversations';
import { social } from '../core/test-client';
import type { Fake } from '../fake';
import type { Thread } from './state';
import { channelOf, windowIsOpen } from './thread-ops';

export function findThread(
  fake: Fake,
  want: {
    platform?: Platform;
    channelId?: string;
    window?: 'open' | 'closed';
    /** The contact last wrote more than a day ago (or never), whatever the platform's window rule. */
    quietForADay?: boolean;
    group?: boolean;
    readReceipts?: boolean;
    status?: string;
  },
): Thread {
  const ws = fake.workspace();
  const now = fake.clock.now();
  for (const thread of ws.social.threads.values()) {
    const channel = channelOf(ws.social, thread);
    if (want.platform && channel?.platform !== want.platform) continue;
    if (want.channelId && thread.conv.channel_id !== want.channelId) continue;
    if (want.quietForADay && now.getTime() - (thread.meta.lastInboundAt ?? 0) < 24 * 3600_000) continue;
    if (want.group !== undefined && thread.conv.is_group !== want.group) continue;
    if (want.group === undefined && thread.conv.is_group) continue;
    if (thread.meta.unreachable) continue;
    if (want.readReceipts !== undefined && thread.meta.readReceipts !== want.readReceipts) continue;
    if (want.status && thread.conv.status !== want.status) continue;
    if (want.window && windowIsOpen(ws.social, thread, now) !== (want.window === 'open')) continue;
    return thread;
  }
  throw new Error(`No seeded thread matches ${JSON.stringify(want)}`);
}

export type SendError = { statusCode: number; message: string | string[] };

/** `POST /v1/conversations/send` on the fake, answered as a message or the spec's error body. */
export const send = (body: Record<string, unknown>) =>
  social<Message & SendError>('POST', '/v1/conversations/send', { body });

/** An error body's message as one string (validation errors are a list). */
export const errorText = (message: string | string[]) =>
  Array.isArray(message) ? message.join('\n') : message;

/** A thread's newest messages, newest first. */
export const newestMessagesOf = async (id: string) =>
  (await social<{ data: Message[] }>('GET', `/v1/conversations/${id}/messages`, { query: { limit: 5 } })).body
    .data;
