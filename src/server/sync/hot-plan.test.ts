import { describe, expect, it } from 'vitest';
import { conversation, message } from '../testing/live-records';
import { planReads } from './hot-task';
import { ReadModel } from './read-model';
import { newWorkerState } from './sync-context';
import { DEFAULT_SYNC_SETTINGS } from './sync-settings';

// Which thread pages the hot read plans, when the upstream's clock and ours disagree.

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
