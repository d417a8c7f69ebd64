import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Conversation, ConversationList, ConversationStatus, Message, MessagePage } from '@/contract';
import { callApi } from '@/lib/api-client';

/** The thread list's filters, as they live in the URL (all optional: none means "all"). */
export interface ConversationFilters {
  status?: ConversationStatus | undefined;
  /** An upstream user id, `none` for unassigned, or undefined for everyone. */
  assignedTo?: string | undefined;
  channelId?: string | undefined;
  search?: string | undefined;
}

export const LIST_PAGE_SIZE = 30;
/** The newest page of a thread: also what a list row reads to find the last inbound message. */
export const NEWEST_PAGE_SIZE = 20;
export const OLDER_PAGE_SIZE = 50;

/** Polling rates: the open thread is watched closely, the list less so. */
export const LIST_POLL_MS = 10_000;
export const THREAD_POLL_MS = 3_000;

/** Drops empty filters so `{}` and `{search: ''}` share one cache entry. */
export function cleanFilters(filters: ConversationFilters): ConversationFilters {
  const out: ConversationFilters = {};
  if (filters.status) out.status = filters.status;
  if (filters.assignedTo) out.assignedTo = filters.assignedTo;
  if (filters.channelId) out.channelId = filters.channelId;
  const search = filters.search?.trim();
  if (search) out.search = search;
  return out;
}

export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => ['conversations', 'list'] as const,
  list: (filters: ConversationFilters) => ['conversations', 'list', cleanFilters(filters)] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
};

/**
 * The thread list, paged by offset (rows already held), which stays stable while threads move.
 * Data is `InfiniteData<ConversationList, number>`; use `flattenConversations` to read the rows.
 */
export const conversationListQuery = (filters: ConversationFilters) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      callApi('conversations.list', {
        query: { ...cleanFilters(filters), offset: pageParam, limit: LIST_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: ConversationList, pages: ConversationList[]) =>
      last.hasMore ? pages.reduce((n, page) => n + page.data.length, 0) : undefined,
    refetchInterval: LIST_POLL_MS,
    refetchIntervalInBackground: false,
  });

/** Rows of every loaded page, without the repeats a shifting offset window can produce. */
export function flattenConversations(
  data: { pages: readonly { data: readonly Conversation[] }[] } | undefined,
): Conversation[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Conversation[] = [];
  for (const page of data.pages) {
    for (const conversation of page.data) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      out.push(conversation);
    }
  }
  return out;
}

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => callApi('conversations.get', { params: { id }, signal }),
    refetchInterval: LIST_POLL_MS,
    refetchIntervalInBackground: false,
  });

/** A page cursor toward older messages: null is the newest page. */
export type MessageCursor = string | null;

export function fetchMessagePage(
  id: string,
  before: MessageCursor,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return callApi('messages.list', {
    params: { id },
    query: before ? { before, limit: OLDER_PAGE_SIZE } : { limit: NEWEST_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

/**
 * A thread's messages, newest first, paging toward older ones with `before`. The first page is the
 * newest NEWEST_PAGE_SIZE messages: the thread list reads the same cache entry to find the last
 * inbound message, so opening a thread from the list paints at once. Fresh data arrives through
 * `refreshNewestMessages` (merged into the first page), not by refetching every loaded page.
 */
export const messagesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(id),
    queryFn: ({ pageParam, signal }) => fetchMessagePage(id, pageParam, signal),
    initialPageParam: null as MessageCursor,
    getNextPageParam: (last: MessagePage) => (last.hasMore ? (last.data.at(-1)?.id ?? null) : null),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export type MessagesData = InfiniteData<MessagePage, MessageCursor>;

/**
 * Merges a fresh newest page into the cached pages: new messages join the first page, known ones
 * take their new status. When the fresh page does not reach back to what we hold (more arrived than
 * a page), older pages are dropped rather than leaving a hole.
 */
export function mergeNewestPage(current: MessagesData | undefined, fresh: MessagePage): MessagesData {
  if (!current || current.pages.length === 0) return { pages: [fresh], pageParams: [null] };
  const freshById = new Map(fresh.data.map((m) => [m.id, m]));
  const held = new Set(current.pages.flatMap((p) => p.data.map((m) => m.id)));
  const overlaps = fresh.data.some((m) => held.has(m.id)) || !fresh.hasMore;
  if (!overlaps) return { pages: [fresh], pageParams: [null] };
  const pages = current.pages.map((page) => ({
    ...page,
    data: page.data.map((m) => freshById.get(m.id) ?? m),
  }));
  const added = fresh.data.filter((m) => !held.has(m.id));
  const first = pages[0]!;
  pages[0] = { ...first, data: [...added, ...first.data] };
  return { pages, pageParams: current.pageParams };
}

/** Fetches the newest page and merges it into the thread's cache; returns the fresh page. */
export async function refreshNewestMessages(
  queryClient: QueryClient,
  id: string,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const fresh = await fetchMessagePage(id, null, signal);
  queryClient.setQueryData<MessagesData>(conversationKeys.messages(id), (current) =>
    mergeNewestPage(current, fresh),
  );
  return fresh;
}

/** Every loaded message of a thread, newest first. */
export function flattenMessages(
  data: { pages: readonly { data: readonly Message[] }[] } | undefined,
): Message[] {
  return data ? data.pages.flatMap((page) => page.data) : [];
}

export const channelsQuery = () =>
  queryOptions({
    queryKey: ['channels', 'list'] as const,
    queryFn: ({ signal }) => callApi('channels.list', { signal }),
    staleTime: 10 * 60_000,
  });

/** Approved templates of one whatsapp channel. */
export const templatesQuery = (channelId: string) =>
  queryOptions({
    queryKey: ['templates', 'list', channelId] as const,
    queryFn: ({ signal }) => callApi('templates.list', { query: { channelId }, signal }),
    staleTime: 5 * 60_000,
  });

/** A CRM contact, cached per contact: thread rows share it for their name. */
export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: ['contacts', 'detail', id] as const,
    queryFn: ({ signal }) => callApi('contacts.get', { params: { id }, signal }),
    staleTime: 10 * 60_000,
  });

/** Puts a conversation the server returned into the detail cache and every loaded list page. */
export function updateConversationInCaches(queryClient: QueryClient, conversation: Conversation) {
  queryClient.setQueryData(conversationKeys.detail(conversation.id), conversation);
  queryClient.setQueriesData<InfiniteData<ConversationList, number>>(
    { queryKey: conversationKeys.lists() },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              data: page.data.map((c) => (c.id === conversation.id ? conversation : c)),
            })),
          }
        : data,
  );
}

/**
 * The newest page of a thread, fetched to refresh the thread's cache (see mergeNewestPage). The
 * open thread polls it; list rows fetch it when the list shows a newer `last_message_at`. Its own
 * key lets TanStack Query dedupe concurrent refreshes and pause polling in a hidden tab.
 */
export const newestMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: [...conversationKeys.messages(id), 'newest'] as const,
    queryFn: ({ client, signal }) => refreshNewestMessages(client, id, signal),
    staleTime: THREAD_POLL_MS - 500,
    refetchOnWindowFocus: true,
  });

/** Adds a message the server just accepted to the thread's cache (the poll brings its ticks). */
export function addSentMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<MessagesData>(conversationKeys.messages(message.conversation_id), (current) => {
    if (!current || current.pages.length === 0) return current;
    if (current.pages.some((p) => p.data.some((m) => m.id === message.id))) return current;
    const [first, ...rest] = current.pages;
    return { ...current, pages: [{ ...first!, data: [message, ...first!.data] }, ...rest] };
  });
}
