import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, InboxScreenPage, ThreadScreen } from '@/contract';
import { conversation } from '@/contract/testing/records';
import {
  cleanFilters,
  conversationKeys,
  flattenRows,
  heldConversation,
  upsertConversation,
  type ConversationPages,
} from './conversations';
import { seedThreadScreen } from './thread-screen';

const rowOf = (c: Conversation) => ({
  conversation: c,
  contact: null,
  messages: [],
  hasOlder: true,
  loaded: true,
});
const listPage = (data: Conversation[]): InboxScreenPage => ({
  rows: data.map(rowOf),
  total: data.length,
  hasMore: false,
});

describe('upsertConversation', () => {
  it('writes the detail and every list page that holds the thread, leaving the rest', () => {
    const queryClient = new QueryClient();
    const [a, b, c] = [conversation(), conversation(), conversation()];
    const openKey = conversationKeys.list({ status: 'open' });
    const mineKey = conversationKeys.list({ status: 'open', assignedTo: 'none' });
    queryClient.setQueryData<ConversationPages>(openKey, {
      pages: [listPage([a, b]), listPage([c])],
      pageParams: [0, 2],
    });
    queryClient.setQueryData<ConversationPages>(mineKey, { pages: [listPage([c])], pageParams: [0] });

    const closed = { ...b, status: 'closed' as const };
    upsertConversation(queryClient, closed);

    expect(queryClient.getQueryData(conversationKeys.detail(b.id))).toEqual(closed);
    const open = queryClient.getQueryData<ConversationPages>(openKey)!;
    expect(open.pages[0]!.rows).toEqual([rowOf(a), rowOf(closed)]);
    expect(open.pages[1]!.rows).toEqual([rowOf(c)]);
    expect(queryClient.getQueryData<ConversationPages>(mineKey)!.pages[0]!.rows).toEqual([rowOf(c)]);
  });

  it('does not add a thread to a list that does not hold it (the list decides on its next read)', () => {
    const queryClient = new QueryClient();
    const key = conversationKeys.list({});
    queryClient.setQueryData<ConversationPages>(key, { pages: [listPage([])], pageParams: [0] });
    upsertConversation(queryClient, conversation());
    expect(queryClient.getQueryData<ConversationPages>(key)!.pages[0]!.rows).toEqual([]);
  });
});

describe('list helpers', () => {
  it('drops empty filters so equal filters share a cache entry', () => {
    expect(cleanFilters({ status: 'open', search: '  ', assignedTo: undefined })).toEqual({ status: 'open' });
    expect(conversationKeys.list({ search: '' })).toEqual(conversationKeys.list({}));
  });

  it('flattens pages without repeating a row that moved between offset windows', () => {
    const [a, b, c] = [conversation(), conversation(), conversation()];
    expect(
      flattenRows({ pages: [{ rows: [a, b].map(rowOf) }, { rows: [b, c].map(rowOf) }] }).map(
        (r) => r.conversation,
      ),
    ).toEqual([a, b, c]);
  });
});

describe('heldConversation', () => {
  it('finds a thread by its detail first, else in a list page', () => {
    const queryClient = new QueryClient();
    const a = conversation();
    queryClient.setQueryData<ConversationPages>(conversationKeys.list({}), {
      pages: [listPage([a])],
      pageParams: [0],
    });
    expect(heldConversation(queryClient, a.id)).toEqual(a);
    const fresher = { ...a, status: 'pending' as const };
    queryClient.setQueryData(conversationKeys.detail(a.id), fresher);
    expect(heldConversation(queryClient, a.id)).toEqual(fresher);
    expect(heldConversation(queryClient, conversation().id)).toBeUndefined();
  });
});

describe('a thread screen read that began before a write', () => {
  it('does not paint its older copy over the written one; a read begun after does', () => {
    const queryClient = new QueryClient();
    const snoozed = { ...conversation(), status: 'snoozed' as const };
    const before = performance.now();
    // The Wake's answer lands while the screen's read (begun at `before`) is on its way.
    upsertConversation(queryClient, { ...snoozed, status: 'open' });
    const screen = { conversation: snoozed, authors: {} } as unknown as ThreadScreen;
    seedThreadScreen(queryClient, screen, before);
    expect(heldConversation(queryClient, snoozed.id)?.status).toBe('open');

    seedThreadScreen(queryClient, screen, performance.now());
    expect(heldConversation(queryClient, snoozed.id)?.status).toBe('snoozed');
  });
});
