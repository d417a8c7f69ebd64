import { beforeEach, expect, it } from 'vitest';
import { at, contact, conversation, lead, message } from '../testing/live-records';
import { describeOnEachStore } from '../testing/test-stores';
import type { TeamStore } from '../store/open-store';
import { CONTACTS, CONVERSATIONS, LEADS } from './record-kinds';
import { WorkspaceReader } from './workspace-reader';
import {
  mergeMessages,
  removeRecord,
  removeUnread,
  replaceList,
  setFollowUp,
  upsertRecords,
} from './workspace-writer';

// The writer answers what really changed, from the database, with the staleness guards of a sync
// that reads while others write.

describeOnEachStore('workspace writer', (suite) => {
  let store: TeamStore;
  let reader: WorkspaceReader;
  beforeEach(async () => {
    store = await suite.openFresh();
    reader = new WorkspaceReader(store.db);
  });

  it('answers new and changed records only, as stored', async () => {
    const first = await upsertRecords(store.db, LEADS, [lead(1), lead(2)], { startedAt: 10, now: 10 });
    expect(first.map((l) => l.id)).toEqual([lead(1).id, lead(2).id]);
    const again = await upsertRecords(
      store.db,
      LEADS,
      [lead(1), lead(2, { name: 'Renamed', updated_at: at(100) })],
      { startedAt: 20, now: 20 },
    );
    expect(again.map((l) => l.name)).toEqual(['Renamed']);
    expect((await reader.lead(lead(2).id))?.name).toBe('Renamed');
  });

  it('never puts back an older record, nor one changed after the read began', async () => {
    await upsertRecords(store.db, LEADS, [lead(1, { name: 'New', updated_at: at(50) })], {
      startedAt: 100,
      now: 100,
    });
    const older = await upsertRecords(store.db, LEADS, [lead(1, { name: 'Old', updated_at: at(10) })], {
      startedAt: 200,
      now: 200,
    });
    expect(older).toEqual([]);
    // A sweep that began at 50, before the write at 100, brings a stale copy with the same updated_at.
    const stale = await upsertRecords(store.db, LEADS, [lead(1, { name: 'Stale', updated_at: at(50) })], {
      startedAt: 50,
      now: 300,
    });
    expect(stale).toEqual([]);
    expect((await reader.lead(lead(1).id))?.name).toBe('New');
  });

  it('removes what a full read did not return, but not what was created meanwhile', async () => {
    await upsertRecords(store.db, CONVERSATIONS, [conversation(1), conversation(2)], {
      startedAt: 0,
      now: 0,
    });
    // The sweep begins at 100; conversation 3 arrives through a write at 150; the sweep returns 1.
    await upsertRecords(store.db, CONVERSATIONS, [conversation(3)], { startedAt: 150, now: 150 });
    await upsertRecords(store.db, CONVERSATIONS, [conversation(1)], { startedAt: 100, now: 200, full: true });
    const removed = await removeUnread(store.db, CONVERSATIONS, { startedAt: 100, now: 200 });
    expect(removed).toEqual([conversation(2).id]);
    expect(await reader.conversation(conversation(2).id)).toBeUndefined();
    expect(await reader.conversation(conversation(3).id)).toBeDefined();
    // A late upsert of the removed one is refused.
    expect(
      await upsertRecords(store.db, CONVERSATIONS, [conversation(2)], { startedAt: 300, now: 300 }),
    ).toEqual([]);
  });

  it('removes within one customer only', async () => {
    const a = contact(1, 1);
    const b = contact(2, 2);
    await upsertRecords(store.db, CONTACTS, [a, b], { startedAt: 0, now: 0 });
    const removed = await removeUnread(
      store.db,
      CONTACTS,
      { startedAt: 10, now: 10 },
      { customerId: a.customer_id },
    );
    expect(removed).toEqual([a.id]);
    expect(await reader.contactsOf(b.customer_id)).toHaveLength(1);
    expect(await reader.contactsOf(a.customer_id)).toEqual([]);
  });

  it('tombstones one record and its messages', async () => {
    await upsertRecords(store.db, CONVERSATIONS, [conversation(1)], { startedAt: 0, now: 0 });
    await mergeMessages(store.db, conversation(1).id, [message(1, 1)], { now: 0, seen: true });
    expect(await removeRecord(store.db, CONVERSATIONS, conversation(1).id, 5)).toBe(true);
    expect(await removeRecord(store.db, CONVERSATIONS, conversation(1).id, 6)).toBe(false);
    expect(await reader.messagesOf(conversation(1).id)).toBeUndefined();
  });

  it('merges messages without moving a status backwards', async () => {
    const id = conversation(1).id;
    const sent = message(1, 1, { direction: 'outbound', status: 'read' });
    expect(await mergeMessages(store.db, id, [sent], { now: 1, seen: true })).toHaveLength(1);
    const late = await mergeMessages(store.db, id, [{ ...sent, status: 'delivered' }, message(1, 2)], {
      now: 2,
      seen: true,
    });
    expect(late.map((m) => m.id)).toEqual([message(1, 2).id]);
    const page = await reader.messagesOf(id);
    expect(page?.map((m) => m.status)).toEqual(['read', 'delivered']);
  });

  it('stores hostile text and dates without failing the page', async () => {
    const hostile = lead(1, {
      name: 'a\u0000b\ud800',
      created_at: '0000-01-01T00:00:00.000Z',
      updated_at: '9999-12-31T23:59:59.999Z',
      value: 1e308,
    });
    const out = await upsertRecords(store.db, LEADS, [hostile, lead(2)], { startedAt: 0, now: 0 });
    expect(out).toHaveLength(2);
    expect((await reader.lead(hostile.id))?.name).toBe('a\uFFFDb\uFFFD');
  });

  it('tells a changed list and a changed flag from an unchanged one', async () => {
    const write = { startedAt: 0, now: 0 };
    expect(await replaceList(store.db, 'tags', [{ id: 't1', name: 'VIP' }], write)).toBe(true);
    expect(await replaceList(store.db, 'tags', [{ id: 't1', name: 'VIP' }], write)).toBe(false);
    expect(await setFollowUp(store.db, lead(1).id, true, { now: 1 })).toBe(true);
    expect(await setFollowUp(store.db, lead(1).id, true, { now: 2 })).toBe(false);
    expect(await setFollowUp(store.db, lead(2).id, false, { now: 2 })).toBe(false);
    expect([...(await reader.followUpsAmong([lead(1).id, lead(2).id]))]).toEqual([lead(1).id]);
  });
});
