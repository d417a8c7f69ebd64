import { sql, type RawBuilder } from 'kysely';
import type { Conversation } from '../../contract';

// When a snooze holds (issue 38): until its time, while the thread is open or pending, and while
// nothing newer than the snooze has arrived in it. One rule for the inbox's SQL filters and for
// the records the BFF hands to browsers (screens, live events).

export interface SnoozeRow {
  readonly conversationId: string;
  readonly until: Date;
  readonly snoozedAt: Date;
  readonly username: string;
}

const SLEEPS: ReadonlySet<Conversation['status']> = new Set(['open', 'pending']);

export function snoozeHolds(
  conversation: Pick<Conversation, 'status' | 'last_message_at'>,
  snooze: Pick<SnoozeRow, 'until' | 'snoozedAt'>,
  now: number,
): boolean {
  if (!SLEEPS.has(conversation.status) || snooze.until.getTime() <= now) return false;
  const last = conversation.last_message_at ? Date.parse(conversation.last_message_at) : Number.NaN;
  return !Number.isFinite(last) || last <= snooze.snoozedAt.getTime();
}

/** The thread as the BFF shows it: `snoozed` with its time while a snooze holds. */
export function asShown(
  conversation: Conversation,
  snooze: SnoozeRow | undefined,
  now: number,
): Conversation {
  if (snooze && snoozeHolds(conversation, snooze, now))
    return { ...conversation, status: 'snoozed', snoozed_until: snooze.until.toISOString() };
  return conversation;
}

/** The same rule in SQL, over `ws_conversations c`: true where a snooze holds. */
export const snoozedSql = (now: Date): RawBuilder<boolean> =>
  sql<boolean>`(c.status in ('open', 'pending') and exists (
    select 1 from snoozes s where s.conversation_id = c.id and s.until > ${now}
      and (c.last_message_at is null or c.last_message_at <= s.snoozed_at)))`;
