import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryBus } from '../events/memory-bus';
import { openStore, type TeamStore } from '../store/open-store';
import { ReadModel } from '../sync/read-model';
import { conversation, lead, message } from '../testing/live-records';
import { HistoryRecorder } from './history-recorder';
import { HistoryRepository } from './history-repository';

// What the recorder writes: messages (once each), a thread's move to closed, a lead's stage moves;
// a load (audience: nobody) is learnt, never taken for a change.

let store: TeamStore;
beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
}, 60_000);
afterAll(() => store.close());

it('records messages, resolutions and stage moves from changes, not from loads', async () => {
  const bus = new MemoryBus();
  const model = new ReadModel();
  // Held before this instance took the lease: recorded at once.
  model.messages.set(conversation(2).id, [message(2, 1)]);
  const recorder = new HistoryRecorder({
    repository: new HistoryRepository(store.db),
    bus,
    model,
    log: pino({ level: 'silent' }),
    writes: () => true,
    clock: () => Date.parse('2026-01-06T00:00:00.000Z'),
  });
  try {
    const open = conversation(1, { status: 'open' });
    await bus.publish([
      { event: { type: 'conversation.upserted', conversation: open }, audience: [] },
      { event: { type: 'lead.upserted', lead: lead(1, { status: 'new' }) }, audience: [] },
      {
        event: {
          type: 'messages.upserted',
          conversationId: open.id,
          messages: [message(1, 1), message(1, 2, { direction: 'outbound' })],
        },
      },
    ]);
    await bus.publish([
      { event: { type: 'conversation.upserted', conversation: { ...open, status: 'closed' } } },
      { event: { type: 'lead.upserted', lead: lead(1, { status: 'won' }) } },
      // A reload of a closed thread is no second resolution.
      { event: { type: 'conversation.upserted', conversation: { ...open, status: 'closed' } }, audience: [] },
    ]);
    await recorder.flush();
    const db = store.db;
    expect(
      await db.selectFrom('history_messages').select('message_id').orderBy('message_id').execute(),
    ).toHaveLength(3);
    expect(await db.selectFrom('history_resolutions').select('conversation_id').execute()).toEqual([
      { conversation_id: open.id },
    ]);
    expect(await db.selectFrom('history_lead_moves').select(['from_stage', 'to_stage']).execute()).toEqual([
      { from_stage: 'new', to_stage: 'won' },
    ]);
  } finally {
    await recorder.stop();
  }
});
