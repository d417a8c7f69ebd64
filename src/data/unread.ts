import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { UnreadSummary, type ReadBody } from '@/contract';
import { callBff, writeBff } from '@/lib/api-client';

// The signed-in agent's unread (the BFF keeps it per agent: src/server/unread): one small summary
// every screen reads (the inbox rows, the navigation, the tab title), read again whenever the live
// stream says a message came in or this agent read something on another tab or device.

export const unreadKeys = {
  all: ['unread'] as const,
};

export const unreadQuery = () =>
  queryOptions({
    queryKey: unreadKeys.all,
    queryFn: ({ signal }) => callBff('/bff/unread', UnreadSummary, { signal }),
    // The stream keeps it current; without a database the BFF says so once, not in a loop.
    staleTime: 60_000,
    retry: false,
  });

const post = (path: string, body?: ReadBody) => writeBff('POST', path, z.unknown(), body);

/** This agent read the thread up to a message's time: its count drops at once. */
export async function markRead(
  queryClient: QueryClient,
  conversationId: string,
  upTo?: string,
): Promise<void> {
  setThreadUnread(queryClient, conversationId, 0);
  await post(`/bff/conversations/${encodeURIComponent(conversationId)}/read`, upTo ? { upTo } : {});
}

/** This agent wants to come back to the thread: it counts as unread until read again. */
export async function markUnread(queryClient: QueryClient, conversationId: string): Promise<void> {
  await post(`/bff/conversations/${encodeURIComponent(conversationId)}/unread`);
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

/** Something changed the counts (a new message, a read elsewhere): read them again, once per burst. */
export const refreshUnread = (queryClient: QueryClient): void =>
  void queryClient.invalidateQueries({ queryKey: unreadKeys.all }, { cancelRefetch: false });
