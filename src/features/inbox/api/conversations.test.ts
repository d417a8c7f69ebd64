import { describe, expect, it } from 'vitest';
import type { Message, MessagePage } from '@/contract';
import { cleanFilters, flattenConversations, mergeNewestPage, type MessagesData } from './conversations';

let n = 0;
const msg = (status: Message['status'] = 'sent'): Message => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  conversation_id: '00000000-0000-4000-8000-aaaaaaaaaaaa',
  direction: 'outbound',
  type: 'text',
  text: `m${String(n)}`,
  media: null,
  status,
  error_reason: null,
  sender_name: 'Ana',
  from_me: true,
  platform_message_id: '',
  created_at: new Date(1_700_000_000_000 + n * 1000).toISOString(),
});
const page = (data: Message[], hasMore: boolean): MessagePage => ({ data, hasMore });

describe('mergeNewestPage', () => {
  it('adds new messages to the first page and updates statuses in older pages', () => {
    const [a, b, c, d] = [msg(), msg(), msg('pending'), msg()];
    // Newest first: page 0 holds d, c; page 1 holds b, a.
    const held: MessagesData = {
      pages: [page([d!, c!], true), page([b!, a!], false)],
      pageParams: [null, c!.id],
    };
    const e = msg();
    const fresh = page([e, d!, { ...c!, status: 'delivered' }], true);
    const merged = mergeNewestPage(held, fresh);
    expect(merged.pages[0]!.data.map((m) => m.text)).toEqual([e.text, d!.text, c!.text]);
    expect(merged.pages[0]!.data[2]!.status).toBe('delivered');
    expect(merged.pages[1]).toEqual(held.pages[1]);
    expect(merged.pageParams).toEqual(held.pageParams);
  });

  it('drops older pages rather than leave a hole when more arrived than a page', () => {
    const held: MessagesData = { pages: [page([msg(), msg()], true)], pageParams: [null] };
    const fresh = page([msg(), msg()], true);
    expect(mergeNewestPage(held, fresh)).toEqual({ pages: [fresh], pageParams: [null] });
  });

  it('starts the cache when nothing is held', () => {
    const fresh = page([msg()], false);
    expect(mergeNewestPage(undefined, fresh)).toEqual({ pages: [fresh], pageParams: [null] });
  });
});

describe('list helpers', () => {
  it('drops empty filters so equal filters share a cache entry', () => {
    expect(cleanFilters({ status: 'open', search: '  ', assignedTo: undefined })).toEqual({ status: 'open' });
  });

  it('flattens pages without repeating a row that moved between offset windows', () => {
    const conv = (id: string) => ({ id }) as never;
    expect(
      flattenConversations({
        pages: [{ data: [conv('a'), conv('b')] }, { data: [conv('b'), conv('c')] }],
      }).map((c: { id: string }) => c.id),
    ).toEqual(['a', 'b', 'c']);
  });
});
