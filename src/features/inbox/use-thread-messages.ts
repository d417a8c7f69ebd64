import { useInfiniteQuery, useQueryClient, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Conversation } from '@/contract';
import { flattenMessages, messagesQuery, newestMessagesQuery } from '@/data/messages';
import { streamIsOpen } from '@/lib/live/live-status';

/**
 * The open thread's messages (newest first, prefetched by the route). New ones and moving ticks
 * arrive by the live stream (or its fallback poll); older pages stay as they were read.
 */
export function useThreadMessages(conversationId: string) {
  const query = useSuspenseInfiniteQuery(messagesQuery(conversationId));
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  return {
    messages,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: query.fetchNextPage,
  };
}

/**
 * The newest page of a thread's messages for a list row (one cached call per row, shared with the
 * thread view). While the live stream is open it brings new messages with the thread's change;
 * otherwise, when the list shows a newer `last_message_at` than the newest message held, the
 * newest page is read again, so a row costs nothing more while its thread is quiet.
 */
export function useRowMessages(conversation: Conversation, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...messagesQuery(conversation.id), enabled });
  const newestHeld = query.data?.pages[0]?.data[0]?.created_at;
  const lastMessageAt = conversation.last_message_at;
  const loaded = query.data !== undefined;
  useEffect(() => {
    // Read, not subscribed to: a stream drop would render every row again (in the page's last task
    // when it is being left), and the fallback poll's newer list times run this effect anyway.
    if (streamIsOpen() || !enabled || !loaded || !lastMessageAt) return;
    if (newestHeld && Date.parse(lastMessageAt) <= Date.parse(newestHeld)) return;
    void queryClient.fetchQuery(newestMessagesQuery(conversation.id)).catch(() => undefined);
  }, [enabled, loaded, lastMessageAt, newestHeld, queryClient, conversation.id]);
  return {
    messages: loaded ? flattenMessages(query.data) : undefined,
    hasOlder: query.hasNextPage,
  };
}
