import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation, InboxScreenPage, Lead, MessagePage } from '@/contract';
import { contact, conversation, customer, lead, message } from '@/contract/testing/records';
import { conversationKeys, type ConversationPages } from './conversations';
import { customerKeys } from './customers';
import { leadKeys, leadMutationKeys } from './leads';
import { applyLiveEvent, pollOnScreen } from './live-events';
import { messageKeys, type MessagesData } from './messages';

const contactRecord = contact('00000000-0000-4000-8000-0000000c0570');
const later = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
const envelope = (data: Conversation[]): InboxScreenPage => ({
  rows: data.map((conversation) => ({
    conversation,
    contact: null,
    messages: [],
    hasOlder: true,
    loaded: true,
  })),
  total: data.length,
  hasMore: false,
});
const rowsOf = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient
    .getQueryData<ConversationPages>(key)!
    .pages.flatMap((p) => p.rows.map((r) => r.conversation.id));

describe('applyLiveEvent: threads', () => {
  it('puts a thread with a new message at the top of every list it fits, and its detail', () => {
    const queryClient = new QueryClient();
    const [a, b] = [conversation({ last_message_at: later(conversation().created_at, 60) }), conversation()];
    const all = conversationKeys.list({});
    const closed = conversationKeys.list({ status: 'closed' });
    queryClient.setQueryData<ConversationPages>(all, { pages: [envelope([a, b])], pageParams: [0] });
    queryClient.setQueryData<ConversationPages>(closed, { pages: [envelope([])], pageParams: [0] });
    queryClient.setQueryData(conversationKeys.detail(b.id), b);

    const moved = { ...b, last_message_at: later(a.last_message_at!, 5), updated_at: later(b.updated_at, 5) };
    applyLiveEvent(queryClient, { type: 'conversation.upserted', conversation: moved });

    expect(rowsOf(queryClient, all)).toEqual([b.id, a.id]);
    expect(rowsOf(queryClient, closed)).toEqual([]);
    expect(queryClient.getQueryData(conversationKeys.detail(b.id))).toEqual(moved);
  });

  it('ignores an event older than what the tab holds, and one for a thread this tab is changing', async () => {
    const queryClient = new QueryClient();
    const held = conversation({ status: 'closed', updated_at: later(conversation().updated_at, 30) });
    queryClient.setQueryData(conversationKeys.detail(held.id), held);
    applyLiveEvent(queryClient, {
      type: 'conversation.upserted',
      conversation: { ...held, status: 'open', updated_at: later(held.updated_at, -10) },
    });
    expect(queryClient.getQueryData<Conversation>(conversationKeys.detail(held.id))!.status).toBe('closed');

    let finish: (c: Conversation) => void = () => undefined;
    const answer = new Promise<Conversation>((resolve) => (finish = resolve));
    const writing = new MutationObserver<Conversation, Error, void>(queryClient, {
      mutationKey: conversationKeys.change(held.id),
      mutationFn: () => answer,
    });
    const done = writing.mutate();
    const echo = { ...held, status: 'open' as const, updated_at: later(held.updated_at, 10) };
    applyLiveEvent(queryClient, { type: 'conversation.upserted', conversation: echo });
    expect(queryClient.getQueryData<Conversation>(conversationKeys.detail(held.id))!.status).toBe('closed');
    finish(echo);
    await done;
    applyLiveEvent(queryClient, { type: 'conversation.upserted', conversation: echo });
    expect(queryClient.getQueryData<Conversation>(conversationKeys.detail(held.id))!.status).toBe('open');
  });

  it('asks a search list to read again for a thread it cannot place', async () => {
    const queryClient = new QueryClient();
    const key = conversationKeys.list({ search: 'ada' });
    queryClient.setQueryData<ConversationPages>(key, { pages: [envelope([])], pageParams: [0] });
    applyLiveEvent(queryClient, { type: 'conversation.upserted', conversation: conversation() });
    expect(queryClient.getQueryState(key)!.isInvalidated).toBe(true);
  });
});

describe('applyLiveEvent: messages', () => {
  it('adds new messages to a held thread and takes a tick that moved, without a read', () => {
    const queryClient = new QueryClient();
    const thread = conversation();
    const sent = message(thread.id, 1, { status: 'sent' });
    queryClient.setQueryData<MessagesData>(messageKeys.thread(thread.id), {
      pages: [{ data: [sent], hasMore: false } satisfies MessagePage],
      pageParams: [null],
    });
    const inbound = message(thread.id, 2, { direction: 'inbound', from_me: false });
    applyLiveEvent(queryClient, {
      type: 'messages.upserted',
      conversationId: thread.id,
      messages: [{ ...sent, status: 'read' }, inbound],
    });
    const pages = queryClient.getQueryData<MessagesData>(messageKeys.thread(thread.id))!.pages;
    expect(pages[0]!.data.map((m) => [m.id, m.status])).toEqual([
      [inbound.id, inbound.status],
      [sent.id, 'read'],
    ]);
  });

  it('keeps a list row’s newest and newest inbound message current, so its preview and window need no read', () => {
    const queryClient = new QueryClient();
    const thread = conversation();
    const key = conversationKeys.list({});
    queryClient.setQueryData<ConversationPages>(key, { pages: [envelope([thread])], pageParams: [0] });
    const inbound = message(thread.id, 1, { direction: 'inbound', from_me: false, text: 'Hi' });
    const reply = message(thread.id, 2, { text: 'Hello!' });
    applyLiveEvent(queryClient, {
      type: 'messages.upserted',
      conversationId: thread.id,
      messages: [inbound],
    });
    applyLiveEvent(queryClient, { type: 'messages.upserted', conversationId: thread.id, messages: [reply] });
    const row = queryClient.getQueryData<ConversationPages>(key)!.pages[0]!.rows[0]!;
    expect(row.messages.map((m) => m.text)).toEqual(['Hello!', 'Hi']);
    expect(row.hasOlder).toBe(false);
    const named = { ...contactRecord, id: '00000000-0000-4000-8000-0000000c0c0c', first_name: 'Sofia' };
    queryClient.setQueryData<ConversationPages>(key, {
      pages: [envelope([{ ...thread, contact_id: named.id }])],
      pageParams: [0],
    });
    applyLiveEvent(queryClient, { type: 'contact.upserted', contact: named });
    expect(queryClient.getQueryData<ConversationPages>(key)!.pages[0]!.rows[0]!.contact?.first_name).toBe(
      'Sofia',
    );
  });

  it('marks a thread to read again when the server says its read left a gap', () => {
    const queryClient = new QueryClient();
    const thread = conversation();
    queryClient.setQueryData<MessagesData>(messageKeys.thread(thread.id), {
      pages: [{ data: [message(thread.id, 1)], hasMore: false }],
      pageParams: [null],
    });
    applyLiveEvent(queryClient, {
      type: 'messages.upserted',
      conversationId: thread.id,
      messages: [],
      gap: true,
    });
    expect(queryClient.getQueryState(messageKeys.thread(thread.id))!.isInvalidated).toBe(true);
  });
});

describe('applyLiveEvent: CRM records', () => {
  it('writes a lead through the same writer a move uses, unless it is older or being moved here', () => {
    const queryClient = new QueryClient();
    const held = lead({ status: 'new' });
    queryClient.setQueryData(leadKeys.detail(held.id), held);
    applyLiveEvent(queryClient, {
      type: 'lead.upserted',
      lead: { ...held, status: 'won', updated_at: later(held.updated_at, 5) },
    });
    expect(queryClient.getQueryData<Lead>(leadKeys.detail(held.id))!.status).toBe('won');
    applyLiveEvent(queryClient, {
      type: 'lead.upserted',
      lead: { ...held, status: 'lost', updated_at: later(held.updated_at, -5) },
    });
    expect(queryClient.getQueryData<Lead>(leadKeys.detail(held.id))!.status).toBe('won');
  });

  it('leaves a lead this tab is moving to its own answer, recognised by the write’s key alone', async () => {
    const queryClient = new QueryClient();
    const held = lead({ status: 'new' });
    const other = lead({ id: '00000000-0000-4000-8000-0000000000b2', status: 'new' });
    queryClient.setQueryData(leadKeys.detail(held.id), held);
    queryClient.setQueryData(leadKeys.detail(other.id), other);
    let finish: (l: Lead) => void = () => undefined;
    const answer = new Promise<Lead>((resolve) => (finish = resolve));
    // Variables that name the other lead: only the key says which lead is being written.
    const moving = new MutationObserver<Lead, Error, { note: string }>(queryClient, {
      mutationKey: leadMutationKeys.update(held.id),
      mutationFn: () => answer,
    });
    const done = moving.mutate({ note: other.id });
    const echo = (l: Lead) => ({ ...l, status: 'won', updated_at: later(l.updated_at, 5) });
    applyLiveEvent(queryClient, { type: 'lead.upserted', lead: echo(held) });
    applyLiveEvent(queryClient, { type: 'lead.upserted', lead: echo(other) });
    expect(queryClient.getQueryData<Lead>(leadKeys.detail(held.id))!.status).toBe('new');
    expect(queryClient.getQueryData<Lead>(leadKeys.detail(other.id))!.status).toBe('won');
    finish(echo(held));
    await done;
    applyLiveEvent(queryClient, { type: 'lead.upserted', lead: echo(held) });
    expect(queryClient.getQueryData<Lead>(leadKeys.detail(held.id))!.status).toBe('won');
  });

  it('writes a customer and removes one', () => {
    const queryClient = new QueryClient();
    const held = customer();
    queryClient.setQueryData(customerKeys.detail(held.id), held);
    applyLiveEvent(queryClient, { type: 'customer.upserted', customer: { ...held, name: 'Renamed Ltd' } });
    expect(queryClient.getQueryData<typeof held>(customerKeys.detail(held.id))!.name).toBe('Renamed Ltd');
    applyLiveEvent(queryClient, { type: 'customer.removed', id: held.id });
    expect(queryClient.getQueryData(customerKeys.detail(held.id))).toBeUndefined();
  });
});

describe('resync and the fallback poll', () => {
  it('a resync reads again what is on screen, not what is merely cached', async () => {
    const queryClient = new QueryClient();
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['customers', 'detail', 'on-screen'],
      queryFn: () => ++reads,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await observer.refetch();
    queryClient.setQueryData(['customers', 'detail', 'cached-only'], 1);
    const before = reads;
    applyLiveEvent(queryClient, { type: 'resync', reason: 'gap' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(before + 1);
    expect(queryClient.getQueryState(['customers', 'detail', 'cached-only'])!.isInvalidated).toBe(true);
    unsubscribe();
  });

  it('polls the open thread by its newest page only', async () => {
    const queryClient = new QueryClient();
    const thread = conversation();
    const asked: string[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: messageKeys.thread(thread.id),
      queryFn: () => ({ pages: [], pageParams: [] }),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    vi.spyOn(queryClient, 'fetchQuery').mockImplementation((options) => {
      asked.push(JSON.stringify(options.queryKey));
      return Promise.resolve(undefined);
    });
    await pollOnScreen(queryClient);
    expect(asked).toEqual([JSON.stringify(messageKeys.newest(thread.id))]);
    unsubscribe();
  });
});
