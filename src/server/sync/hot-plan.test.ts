import { describe, expect, it } from 'vitest';
import { conversation, message, uuid } from '../testing/live-records';
import { planReads } from './hot-task';
import { ReadModel } from './read-model';
import { newWorkerState } from './sync-context';
import { DEFAULT_SYNC_SETTINGS } from './sync-settings';

// Which thread pages and contacts the hot read plans: ticks when the upstream's clock and ours
// disagree, and the order of the back-fill.

function modelWithPendingReply(minutesAgoByUpstream: number, now: number) {
  const model = new ReadModel();
  const thread = conversation(1, {
    last_message_at: new Date(now - minutesAgoByUpstream * 60_000).toISOString(),
  });
  const reply = message(1, 1, {
    direction: 'outbound',
    status: 'pending',
    created_at: new Date(now - minutesAgoByUpstream * 60_000).toISOString(),
  });
  model.conversations.set(thread.id, thread);
  model.messages.set(thread.id, [reply]);
  const state = newWorkerState();
  state.pageReadFor.set(thread.id, thread.last_message_at!);
  return { model, state, thread };
}

describe('planReads: ticks', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('follows a reply the upstream stamped seconds ago', () => {
    const { model, state, thread } = modelWithPendingReply(0.1, now);
    expect(planReads({ model, state, settings: DEFAULT_SYNC_SETTINGS }, now)).toEqual([
      { kind: 'page', id: thread.id, modelOnly: false },
    ]);
  });

  it('leaves an old pending reply alone', () => {
    const { model, state } = modelWithPendingReply(30, now);
    expect(planReads({ model, state, settings: DEFAULT_SYNC_SETTINGS }, now)).toEqual([]);
  });

  it('follows a reply first seen in a change just now though the upstream’s clock calls it old', () => {
    const { model, state, thread } = modelWithPendingReply(30, now);
    const reply = model.messagesOf(thread.id)![0]!;
    model.outboundSeenAt.set(reply.id, now - 5_000);
    expect(planReads({ model, state, settings: DEFAULT_SYNC_SETTINGS }, now)).toEqual([
      { kind: 'page', id: thread.id, modelOnly: false },
    ]);
    model.outboundSeenAt.set(reply.id, now - 5 * 60_000);
    expect(planReads({ model, state, settings: DEFAULT_SYNC_SETTINGS }, now)).toEqual([]);
  });
});

describe('planReads: the back-fill after a start', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  const contactOf = (n: number) => uuid(n, 'c7c7c7c7');

  it('reads thread by thread, newest first, each page beside its unknown contact', () => {
    const model = new ReadModel();
    // Three threads never read; the two older ones share a contact.
    const threads = [
      conversation(3, { contact_id: contactOf(1) }),
      conversation(2, { contact_id: contactOf(2) }),
      conversation(1, { contact_id: contactOf(2) }),
    ];
    for (const t of threads) model.conversations.set(t.id, t);
    const state = newWorkerState();
    expect(planReads({ model, state, settings: DEFAULT_SYNC_SETTINGS }, now)).toEqual([
      { kind: 'page', id: threads[0]!.id, modelOnly: true },
      { kind: 'contact', id: contactOf(1), modelOnly: true },
      { kind: 'page', id: threads[1]!.id, modelOnly: true },
      { kind: 'contact', id: contactOf(2), modelOnly: true },
      { kind: 'page', id: threads[2]!.id, modelOnly: true },
    ]);
    expect(state.backfillLeft).toBe(5);
  });

  it('puts a new thread’s page and contact before the back-fill', () => {
    const model = new ReadModel();
    const older = conversation(5, { contact_id: contactOf(5) });
    const fresh = conversation(1, { contact_id: contactOf(1) });
    for (const t of [older, fresh]) model.conversations.set(t.id, t);
    const state = newWorkerState();
    state.fresh.add(fresh.id);
    expect(planReads({ model, state, settings: DEFAULT_SYNC_SETTINGS }, now)).toEqual([
      { kind: 'page', id: fresh.id, modelOnly: false },
      { kind: 'contact', id: contactOf(1), modelOnly: false },
      { kind: 'page', id: older.id, modelOnly: true },
      { kind: 'contact', id: contactOf(5), modelOnly: true },
    ]);
  });
});
