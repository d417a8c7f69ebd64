import { describe, expect, it } from 'vitest';
import type { Conversation, InboxRow, InboxScreenPage } from '@/contract';
import { conversation } from '@/contract/testing/records';
import { compareThreads, matchesStructure, placeConversation } from './conversation-lists';
import type { ConversationPages } from './conversations';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString();
const thread = (minute: number, extra: Partial<Conversation> = {}) =>
  conversation({ last_message_at: at(minute), ...extra });

const rowOf = (c: Conversation): InboxRow => ({
  conversation: c,
  contact: null,
  messages: [],
  hasOlder: true,
  loaded: true,
});

const pagesOf = (rows: Conversation[][], total: number, hasMore: boolean): ConversationPages => ({
  pages: rows.map((data, i): InboxScreenPage => ({
    rows: data.map(rowOf),
    total,
    hasMore: i === rows.length - 1 ? hasMore : true,
  })),
  pageParams: rows.map((_, i) => i * 2),
});

/** Places as the live stream does: a new row for a thread the list did not hold. */
const place = (data: ConversationPages, filters: Parameters<typeof placeConversation>[1], c: Conversation) =>
  placeConversation(data, filters, c, rowOf);

const ids = (placement: ReturnType<typeof placeConversation>) =>
  placement.kind === 'placed'
    ? placement.data.pages.map((p) => p.rows.map((r) => r.conversation.id))
    : placement.kind;
const totals = (placement: ReturnType<typeof placeConversation>) =>
  placement.kind === 'placed' ? placement.data.pages.map((p) => p.total) : [];

describe('placeConversation', () => {
  const [a, b, c, d] = [thread(40), thread(30), thread(20), thread(10)];
  const list = pagesOf(
    [
      [a, b],
      [c, d],
    ],
    10,
    true,
  );

  it('moves a thread with a new message to the top, the count unchanged', () => {
    const moved = { ...d, last_message_at: at(50) };
    const placed = place(list, {}, moved);
    expect(ids(placed)).toEqual([[d.id, a.id, b.id], [c.id]]);
    expect(totals(placed)).toEqual([10, 10]);
  });

  it('adds a new thread where the upstream lists it and counts it', () => {
    const fresh = thread(25);
    const placed = place(list, {}, fresh);
    expect(ids(placed)).toEqual([
      [a.id, b.id],
      [fresh.id, c.id, d.id],
    ]);
    expect(totals(placed)).toEqual([11, 11]);
  });

  it('leaves a thread older than every loaded row to the next page while more are to load', () => {
    expect(ids(place(list, {}, thread(1)))).toEqual([
      [a.id, b.id],
      [c.id, d.id],
    ]);
    const all = pagesOf([[a, b]], 2, false);
    const old = thread(1);
    expect(ids(place(all, {}, old))).toEqual([[a.id, b.id, old.id]]);
  });

  it('takes out a thread that no longer fits the filters and counts one less', () => {
    const closed = { ...b, status: 'closed' as const };
    const placed = place(list, { status: 'open' }, closed);
    expect(ids(placed)).toEqual([[a.id], [c.id, d.id]]);
    expect(totals(placed)).toEqual([9, 9]);
  });

  it('ignores a thread that neither was there nor fits', () => {
    const elsewhere = thread(59, { channel_id: '00000000-0000-4000-8000-00000000ffff' });
    const placed = place(list, { channelId: '00000000-0000-4000-8000-00000000eeee' }, elsewhere);
    expect(ids(placed)).toEqual([
      [a.id, b.id],
      [c.id, d.id],
    ]);
    expect(totals(placed)).toEqual([10, 10]);
  });

  it('cannot tell whether a new thread matches a search, so asks for a read', () => {
    expect(place(list, { search: 'ada' }, thread(59))).toEqual({ kind: 'unknown' });
    const moved = { ...c, last_message_at: at(59) };
    expect(ids(place(list, { search: 'ada' }, moved))).toEqual([[c.id, a.id, b.id], [d.id]]);
  });
});

describe('matchesStructure and compareThreads', () => {
  it('reads the owner filter as the upstream does: an id, or none for unowned', () => {
    const owner = '00000000-0000-4000-8000-0000000000aa';
    expect(matchesStructure(thread(1, { assigned_to_user_id: null }), { assignedTo: 'none' })).toBe(true);
    expect(matchesStructure(thread(1, { assigned_to_user_id: owner }), { assignedTo: 'none' })).toBe(false);
    expect(matchesStructure(thread(1, { assigned_to_user_id: owner }), { assignedTo: owner })).toBe(true);
  });

  it('orders by the instant of the last message (offsets compared as instants), then id', () => {
    const utc = thread(0, { last_message_at: '2026-11-23T10:00:00Z' });
    const paris = thread(0, { last_message_at: '2026-11-23T10:30:00+01:00' });
    expect(compareThreads(utc, paris)).toBeLessThan(0);
    const never = thread(0, { last_message_at: null });
    expect(compareThreads(never, utc)).toBeGreaterThan(0);
  });
});
