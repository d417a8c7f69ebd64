import type { Conversation, LiveEvent } from '../../contract';
import type { SnoozeRepository } from './snooze-repository';
import { asShown } from './snooze-rules';

// Threads on their way to a browser, as the BFF shows them: a snoozed one reads `snoozed` with its
// time (snooze-rules.ts). One lookup by key for a page of rows or a batch of events.

export async function shownConversations(
  snoozes: SnoozeRepository,
  conversations: readonly Conversation[],
  now: number,
): Promise<Conversation[]> {
  const held = await snoozes.of(conversations.map((c) => c.id));
  return conversations.map((c) => asShown(c, held.get(c.id), now));
}

/** A batch of live events with each conversation as shown; others pass as they are. */
export async function shownEvents<E extends { event: LiveEvent }>(
  snoozes: SnoozeRepository,
  out: readonly E[],
  now: number,
): Promise<E[]> {
  const ids = out.flatMap((o) => (o.event.type === 'conversation.upserted' ? [o.event.conversation.id] : []));
  if (ids.length === 0) return [...out];
  const held = await snoozes.of(ids);
  if (held.size === 0) return [...out];
  return out.map((o) =>
    o.event.type === 'conversation.upserted' && held.has(o.event.conversation.id)
      ? {
          ...o,
          event: {
            ...o.event,
            conversation: asShown(o.event.conversation, held.get(o.event.conversation.id), now),
          },
        }
      : o,
  );
}
