import type { Conversation } from '../conversations';

// Which threads a thread list's structural filters keep (status, owner, channel; the search is
// the upstream's own and the BFF's index), and their order: newest `last_message_at` first, then id
// (spec Part 1, api-assumptions.md). One definition for the fake's list and the browser's placing
// of a changed thread (src/data/conversation-lists.ts); the BFF's inbox screen says the same in SQL
// (src/server/screens/inbox-list.ts).

export interface ThreadStructure {
  readonly status?: Conversation['status'] | undefined;
  /** A user id, or `none` for threads nobody owns. */
  readonly assignedTo?: string | undefined;
  readonly channelId?: string | undefined;
}

/** Whether the list's structural filters (status, owner, channel) hold the thread; search aside. */
export function matchesStructure(
  conversation: Pick<Conversation, 'status' | 'assigned_to_user_id' | 'channel_id'>,
  filters: ThreadStructure,
): boolean {
  if (filters.status && conversation.status !== filters.status) return false;
  if (filters.assignedTo === 'none' && conversation.assigned_to_user_id !== null) return false;
  if (
    filters.assignedTo &&
    filters.assignedTo !== 'none' &&
    conversation.assigned_to_user_id !== filters.assignedTo
  )
    return false;
  if (filters.channelId && conversation.channel_id !== filters.channelId) return false;
  return true;
}

const instant = (value: string | null | undefined) => {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : 0;
};

/** Negative when `a` comes first: the newer last message, then the smaller id. */
export function compareThreads(
  a: Pick<Conversation, 'id' | 'last_message_at'>,
  b: Pick<Conversation, 'id' | 'last_message_at'>,
): number {
  return instant(b.last_message_at) - instant(a.last_message_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
