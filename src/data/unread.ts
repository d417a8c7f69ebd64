import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { UnreadSummary } from '@/contract';
import { call } from '@/lib/api-client';

// The signed-in agent's unread (the BFF keeps it per agent: src/server/unread): one small summary
// every screen reads (the inbox rows, the navigation, the tab title). A message that comes in on
// the live stream is counted here, from the event itself (issue 35: re-reading the summary per
// inbound message made the BFF's work grow with viewers times messages); it is read again only
// when this agent read something on another tab or device, or after a resync.

export const unreadKeys = {
  all: ['unread'] as const,
};

export const unreadQuery = () =>
  queryOptions({
    queryKey: unreadKeys.all,
    queryFn: ({ signal }) => call('unread.summary', { signal }),
    // The stream keeps it current; without a database the BFF says so once, not in a loop.
    staleTime: 60_000,
    retry: false,
  });

/** This agent read the thread up to a message's time: its count drops at once. */
export async function markRead(
  queryClient: QueryClient,
  conversationId: string,
  upTo?: string,
): Promise<void> {
  setThreadUnread(queryClient, conversationId, 0);
  await call('unread.markRead', { params: { id: conversationId }, body: upTo ? { upTo } : {} });
}

/** This agent wants to come back to the thread: it counts as unread until read again. */
export async function markUnread(queryClient: QueryClient, conversationId: string): Promise<void> {
  await call('unread.markUnread', { params: { id: conversationId } });
  setThreadUnread(queryClient, conversationId, 1);
}

function setThreadUnread(queryClient: QueryClient, conversationId: string, count: number): void {
  queryClient.setQueryData<UnreadSummary>(unreadKeys.all, (held) => {
    if (!held) return held;
    const threads = { ...held.threads };
    if (count > 0) threads[conversationId] = Math.max(count, threads[conversationId] ?? 0);
    else delete threads[conversationId];
    return { total: Object.keys(threads).length, threads };
  });
}

/** How many messages the BFF counts per thread at most (its newest page: unread-queries.ts). */
const COUNTED_PER_THREAD = 20;
/** A message stamped further ahead is not believed, as the BFF does (read-marks.ts). */
const BELIEVABLE_AHEAD_MS = 30 * 24 * 60 * 60_000;
/** Message ids already counted, per client: a replayed or re-sent message is not counted twice. */
const countedIds = new WeakMap<QueryClient, Set<string>>();
const REMEMBERED = 2_000;

/**
 * Messages the live stream brought: each inbound one not seen before adds one to its thread's
 * count, as the BFF would count it (`held`: ids the thread's cache already had). A thread open on
 * screen is marked read by its view right after, which sets it back to 0.
 */
export function countArrived(
  queryClient: QueryClient,
  conversationId: string,
  messages: readonly { id: string; direction: string; created_at?: string | null | undefined }[],
  held: (id: string) => boolean,
  now = Date.now(),
): void {
  let seen = countedIds.get(queryClient);
  if (!seen) countedIds.set(queryClient, (seen = new Set()));
  let arrived = 0;
  for (const m of messages) {
    if (m.direction !== 'inbound' || seen.has(m.id) || held(m.id)) continue;
    const at = m.created_at ? Date.parse(m.created_at) : NaN;
    if (Number.isNaN(at) || at > now + BELIEVABLE_AHEAD_MS) continue;
    seen.add(m.id);
    arrived += 1;
  }
  // The oldest ids go first; a message that old is not replayed.
  for (const id of seen) {
    if (seen.size <= REMEMBERED) break;
    seen.delete(id);
  }
  if (arrived === 0) return;
  // Before the summary was read there is nothing to add to: its first read counts them.
  queryClient.setQueryData<UnreadSummary>(unreadKeys.all, (summary) => {
    if (!summary) return summary;
    const count = Math.min(COUNTED_PER_THREAD, (summary.threads[conversationId] ?? 0) + arrived);
    const threads = { ...summary.threads, [conversationId]: count };
    return { total: Object.keys(threads).length, threads };
  });
}

/** Something changed the counts (a read elsewhere, a resync): read them again, once per burst. */
export const refreshUnread = (queryClient: QueryClient): void =>
  void queryClient.invalidateQueries({ queryKey: unreadKeys.all }, { cancelRefetch: false });
