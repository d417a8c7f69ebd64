import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Message, MessagePage } from '@/contract';
import { call } from '@/lib/api-client';

/** The newest page of a thread: also what a list row reads to find the last inbound message. */
export const NEWEST_PAGE_SIZE = 20;
export const OLDER_PAGE_SIZE = 50;

export const messageKeys = {
  all: ['messages'] as const,
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  newest: (conversationId: string) => ['messages', 'thread', conversationId, 'newest'] as const,
};

/** A page cursor toward older messages: null is the newest page. */
export type MessageCursor = string | null;
export type MessagesData = InfiniteData<MessagePage, MessageCursor>;

export function fetchMessagePage(
  conversationId: string,
  before: MessageCursor,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return call('messages.list', {
    params: { id: conversationId },
    query: before ? { before, limit: OLDER_PAGE_SIZE } : { limit: NEWEST_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

/**
 * A thread's messages, newest first, paging toward older ones with `before`. The thread list reads
 * the same entry to find the last inbound message, so opening a thread from the list paints at
 * once. Fresh messages arrive through `upsertMessages` (a send, the newest page's poll, the live
 * stream), never by refetching every loaded page.
 */
export const messagesQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.thread(conversationId),
    queryFn: ({ pageParam, signal }) => fetchMessagePage(conversationId, pageParam, signal),
    initialPageParam: null as MessageCursor,
    getNextPageParam: (last: MessagePage) => (last.hasMore ? (last.data.at(-1)?.id ?? null) : null),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * Merges a fresh newest page into the cached pages: new messages join the first page, known ones
 * take their new status. When the fresh page does not reach back to what we hold (more arrived than
 * a page), older pages are dropped rather than leaving a hole.
 */
export function mergeNewestPage(current: MessagesData | undefined, fresh: MessagePage): MessagesData {
  if (!current || current.pages.length === 0) return { pages: [fresh], pageParams: [null] };
  const held = new Set(current.pages.flatMap((p) => p.data.map((m) => m.id)));
  const overlaps = fresh.data.some((m) => held.has(m.id)) || !fresh.hasMore;
  if (!overlaps) return { pages: [fresh], pageParams: [null] };
  return mergeMessages(current, fresh.data);
}

// Times may carry offsets, so they are compared as instants, not as text.
const newestFirst = (a: Message, b: Message) => Date.parse(b.created_at) - Date.parse(a.created_at);

/** Known messages take their new version in place; unknown ones go on top of the first page, newest first. */
function mergeMessages(current: MessagesData, messages: readonly Message[]): MessagesData {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const held = new Set<string>();
  const pages = current.pages.map((page) => ({
    ...page,
    data: page.data.map((m) => {
      held.add(m.id);
      return byId.get(m.id) ?? m;
    }),
  }));
  const added = messages.filter((m) => !held.has(m.id));
  const first = pages[0];
  if (first && added.length > 0) pages[0] = { ...first, data: [...added.sort(newestFirst), ...first.data] };
  return { pages, pageParams: current.pageParams };
}

/** Whether the thread's cache holds a message (the stream re-sends one whose tick moved). */
export function heldMessage(queryClient: QueryClient, conversationId: string): (id: string) => boolean {
  const pages = queryClient.getQueryData<MessagesData>(messageKeys.thread(conversationId))?.pages ?? [];
  return (id) => pages.some((page) => page.data.some((m) => m.id === id));
}

/**
 * New or changed messages of one thread (a send's answer, a tick that moved, a new inbound). A
 * thread nobody has read yet is left alone: its first read brings them.
 */
export function upsertMessages(
  queryClient: QueryClient,
  conversationId: string,
  messages: readonly Message[],
) {
  if (messages.length === 0) return;
  queryClient.setQueryData<MessagesData>(messageKeys.thread(conversationId), (current) =>
    current && current.pages.length > 0 ? mergeMessages(current, messages) : current,
  );
}

/** Fetches the newest page and merges it into the thread's cache; returns the fresh page. */
export async function refreshNewestMessages(
  queryClient: QueryClient,
  conversationId: string,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const fresh = await fetchMessagePage(conversationId, null, signal);
  queryClient.setQueryData<MessagesData>(messageKeys.thread(conversationId), (current) =>
    mergeNewestPage(current, fresh),
  );
  return fresh;
}

/**
 * The newest page of a thread, fetched to refresh the thread's cache (see mergeNewestPage) while
 * the live stream cannot bring its messages. Its own key lets TanStack Query dedupe concurrent
 * refreshes (a list row and the poll asking at once).
 */
export const newestMessagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: messageKeys.newest(conversationId),
    queryFn: ({ client, signal }) => refreshNewestMessages(client, conversationId, signal),
    staleTime: 2_000,
  });

/** Every loaded message of a thread, newest first. */
export function flattenMessages(
  data: { pages: readonly { data: readonly Message[] }[] } | undefined,
): Message[] {
  return data ? data.pages.flatMap((page) => page.data) : [];
}
