import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Conversation, ConversationStatus, InboxRow, InboxScreenPage, SlaState } from '@/contract';
import { call } from '@/lib/api-client';
import { screenRetry } from './screen-loading';

/** The thread list's filters, as they live in the URL (all optional: none means "all"). */
export interface ConversationFilters {
  status?: ConversationStatus | undefined;
  /** An upstream user id, `none` for unassigned, or undefined for everyone. */
  assignedTo?: string | undefined;
  channelId?: string | undefined;
  search?: string | undefined;
  /** Only threads with something unread for the signed-in agent. */
  unread?: boolean | undefined;
  /** Only threads carrying this label (the BFF's own). */
  label?: string | undefined;
  /** Only threads whose running SLA target is in this state. */
  sla?: SlaState | undefined;
}

export const LIST_PAGE_SIZE = 30;

/** Drops empty filters so `{}` and `{search: ''}` share one cache entry. */
export function cleanFilters(filters: ConversationFilters): ConversationFilters {
  const out: ConversationFilters = {};
  if (filters.status) out.status = filters.status;
  if (filters.assignedTo) out.assignedTo = filters.assignedTo;
  if (filters.channelId) out.channelId = filters.channelId;
  const search = filters.search?.trim();
  if (search) out.search = search;
  if (filters.unread) out.unread = true;
  if (filters.label) out.label = filters.label;
  if (filters.sla) out.sla = filters.sla;
  return out;
}

export const conversationKeys = {
  all: ['conversations'] as const,
  /** The thread list (infinite, by offset): `ConversationPages`, rows from the BFF's inbox screen read. */
  lists: () => ['conversations', 'list'] as const,
  list: (filters: ConversationFilters) => ['conversations', 'list', cleanFilters(filters)] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  /** Mutations of one thread (owner, AI agent, close, reopen): live events wait for their answer. */
  change: (id: string) => ['conversations', 'change', id] as const,
};

export type ConversationPages = InfiniteData<InboxScreenPage, number>;

/**
 * The thread list, paged by offset (rows already held), which stays stable while threads move.
 * One BFF screen read per page: each row carries its contact and newest messages, so a row costs
 * no call of its own. Changes arrive by the live stream (live-events.ts), which places a changed
 * thread in the list.
 */
export const conversationListQuery = (filters: ConversationFilters) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const { unread, ...rest } = cleanFilters(filters);
      return call('screens.inbox', {
        query: {
          ...rest,
          ...(unread ? { unread: 'true' as const } : {}),
          offset: pageParam,
          limit: LIST_PAGE_SIZE,
        },
        signal,
      });
    },
    initialPageParam: 0,
    getNextPageParam: (last: InboxScreenPage, pages: InboxScreenPage[]) =>
      last.hasMore ? pages.reduce((n, page) => n + page.rows.length, 0) : undefined,
    ...screenRetry,
  });

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: ({ signal }) => call('conversations.get', { params: { id }, signal }),
  });

/** Rows of every loaded page, without the repeats a shifting offset window can produce. */
export function flattenRows(
  data: { pages: readonly { rows: readonly InboxRow[] }[] } | undefined,
): InboxRow[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: InboxRow[] = [];
  for (const page of data.pages) {
    for (const row of page.rows) {
      if (seen.has(row.conversation.id)) continue;
      seen.add(row.conversation.id);
      out.push(row);
    }
  }
  return out;
}

/** Every loaded list page with `change` applied to its rows (pages it leaves alone stay as they are). */
export function mapListRows(queryClient: QueryClient, change: (row: InboxRow) => InboxRow): void {
  queryClient.setQueriesData<ConversationPages>({ queryKey: conversationKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, rows: page.rows.map(change) })) } : data,
  );
}

/**
 * The server's (or an optimistic) version of a thread: into its detail and every list page
 * that holds it. Whether it still belongs under a list's filters is the list's next read.
 */
export function upsertConversation(queryClient: QueryClient, conversation: Conversation) {
  noteWritten(queryClient, conversation.id);
  queryClient.setQueryData<Conversation>(conversationKeys.detail(conversation.id), conversation);
  mapListRows(queryClient, (row) =>
    row.conversation.id === conversation.id ? { ...row, conversation } : row,
  );
}

/** When each thread was last written from an answer or an event, per query client (ms). */
const written = new WeakMap<QueryClient, Map<string, number>>();

function noteWritten(queryClient: QueryClient, id: string): void {
  let times = written.get(queryClient);
  if (!times) written.set(queryClient, (times = new Map()));
  times.set(id, performance.now());
}

/**
 * Whether the thread was written after `since` (performance.now()): a read that began before then
 * carries an older copy and must not paint it over the newer one (a Wake's answer, say, overtaken
 * by the thread screen's read that was already on its way).
 */
export function writtenSince(queryClient: QueryClient, id: string, since: number): boolean {
  return (written.get(queryClient)?.get(id) ?? -Infinity) > since;
}

/** The freshest copy of a thread the cache holds: its detail, else a list row. */
export function heldConversation(queryClient: QueryClient, id: string): Conversation | undefined {
  const detail = queryClient.getQueryData<Conversation>(conversationKeys.detail(id));
  if (detail) return detail;
  for (const [, data] of queryClient.getQueriesData<ConversationPages>({
    queryKey: conversationKeys.lists(),
  })) {
    const row = data?.pages.flatMap((page) => page.rows).find((r) => r.conversation.id === id);
    if (row) return row.conversation;
  }
  return undefined;
}

/** Lists re-read (a thread may have joined or left a filter); held details stay. */
export const invalidateConversationLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
