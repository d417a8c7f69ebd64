import type { Conversation, ConversationList } from '../src/contract';
import { ACME_CHANNELS } from '../mocks/social/seed-channels';
import type { FakeControl } from './fake-control';

// Threads of the fake's seed a journey arranges on, read straight from the fake.

const DAY = 24 * 3_600_000;

/** Every conversation of the seed matching a filter, read straight from the fake (arranging only). */
export async function conversations(fake: FakeControl, query: string): Promise<Conversation[]> {
  const list = await fake.api<ConversationList>('social', 'GET', `/v1/conversations?limit=100&${query}`);
  return list.data;
}

/** A one-to-one thread on a channel whose window is closed for certain (newest message > 24 h old). */
export async function coldThread(fake: FakeControl, channelId: string): Promise<Conversation> {
  const all = await conversations(fake, `channelId=${channelId}`);
  const cold = all.find(
    (c) => !c.is_group && c.last_message_at && Date.now() - Date.parse(c.last_message_at) > DAY + 3_600_000,
  );
  if (!cold) throw new Error(`no cold thread on ${channelId}`);
  return cold;
}

/** A one-to-one whatsapp thread made warm: the contact just wrote, so the window is open. */
export async function warmThread(fake: FakeControl, text = 'Hi, is anyone there?'): Promise<Conversation> {
  const thread = await coldThread(fake, ACME_CHANNELS.whatsappSales);
  await fake.inbound({ conversationId: thread.id, text });
  return thread;
}
