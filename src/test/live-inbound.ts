import type { Message } from '@/contract';
import { fake, streamOpen, syncNow } from './bff';

/**
 * A contact writes in a thread, and the page learns it as in production: the fake takes the
 * message, the BFF's sync reads it in one hot cycle and publishes what changed, and the page gets
 * those events over its live stream (needs withBff({ stream: true }) and a page that opened the
 * stream). Nothing here writes the page's caches: a test waits for what the user then sees.
 */
export async function deliverInbound(conversationId: string, text: string): Promise<Message> {
  // The page's stream first: a test whose page never opened one fails here, saying so, rather than
  // later on what the page does not show.
  await streamOpen();
  const { message } = fake.control.inbound({ conversationId, text }) as { message: Message };
  await syncNow();
  return message;
}
