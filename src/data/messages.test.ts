import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message, MessagePage } from '@/contract';
import { message } from '@/contract/testing/records';
import { flattenMessages, mergeNewestPage, messageKeys, upsertMessages, type MessagesData } from './messages';

const thread = '00000000-0000-4000-8000-aaaaaaaaaaaa';
const msg = (second: number, extra: Partial<Message> = {}) => message(thread, second, extra);
const page = (data: Message[], hasMore: boolean): MessagePage => ({ data, hasMore });

describe('mergeNewestPage', () => {
  it('adds new messages to the first page and updates statuses in older pages', () => {
    const [a, b, c, d] = [msg(1), msg(2), msg(3, { status: 'pending' }), msg(4)];
    // Newest first: page 0 holds d, c; page 1 holds b, a.
    const held: MessagesData = { pages: [page([d, c], true), page([b, a], false)], pageParams: [null, c.id] };
    const e = msg(5);
    const merged = mergeNewestPage(held, page([e, d, { ...c, status: 'delivered' }], true));
    expect(merged.pages[0]!.data.map((m) => m.text)).toEqual([e.text, d.text, c.text]);
    expect(merged.pages[0]!.data[2]!.status).toBe('delivered');
    expect(merged.pages[1]).toEqual(held.pages[1]);
    expect(merged.pageParams).toEqual(held.pageParams);
  });

  it('drops older pages rather than leave a hole when more arrived than a page', () => {
    const held: MessagesData = { pages: [page([msg(2), msg(1)], true)], pageParams: [null] };
    const fresh = page([msg(4), msg(3)], true);
    expect(mergeNewestPage(held, fresh)).toEqual({ pages: [fresh], pageParams: [null] });
  });

  it('starts the cache when nothing is held', () => {
    const fresh = page([msg(1)], false);
    expect(mergeNewestPage(undefined, fresh)).toEqual({ pages: [fresh], pageParams: [null] });
  });
});

describe('upsertMessages', () => {
  const seeded = () => {
    const queryClient = new QueryClient();
    const [a, b, c] = [msg(1), msg(2), msg(3, { status: 'pending' })];
    queryClient.setQueryData<MessagesData>(messageKeys.thread(thread), {
      pages: [page([c, b], true), page([a], false)],
      pageParams: [null, b.id],
    });
    const read = () => flattenMessages(queryClient.getQueryData<MessagesData>(messageKeys.thread(thread)));
    return { queryClient, a, b, c, read };
  };

  it('puts new messages on top, newest first, and changed ones in place', () => {
    const { queryClient, a, b, c, read } = seeded();
    const [d, e] = [msg(4), msg(5)];
    upsertMessages(queryClient, thread, [d, { ...c, status: 'read' }, e]);
    expect(read().map((m) => m.id)).toEqual([e.id, d.id, c.id, b.id, a.id]);
    expect(read()[2]!.status).toBe('read');
  });

  it('adds a message once however often it arrives (a send answer, then its echo)', () => {
    const { queryClient, read } = seeded();
    const sent = msg(9);
    upsertMessages(queryClient, thread, [sent]);
    upsertMessages(queryClient, thread, [sent]);
    expect(read().filter((m) => m.id === sent.id)).toHaveLength(1);
  });

  it('leaves a thread nobody has read alone', () => {
    const queryClient = new QueryClient();
    upsertMessages(queryClient, thread, [msg(1)]);
    expect(queryClient.getQueryData(messageKeys.thread(thread))).toBeUndefined();
  });
});
