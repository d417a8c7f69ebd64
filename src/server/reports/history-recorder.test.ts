import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryBus } from '../events/memory-bus';
import { ChangeFeed } from '../sync/change-feed';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation, lead, message } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { HistoryRecorder } from './history-recorder';
import { HistoryRepository } from './history-repository';

// What the recorder writes: messages (once each, with their thread's channel from the workspace
// tables), a thread's move to closed, a lead's stage moves; a load (audience: nobody) is learnt,
// never taken for a change, and what was learnt outlives the recorder (a new lease holder).

let store: TeamStore;
beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
}, 60_000);
afterAll(() => store.close());

it('records messages, resolutions and stage moves from changes, not from loads', async () => {
  const bus = new MemoryBus();
  const CHANNEL = '0c4a0000-0000-4000-8000-000000000001';
  // Held before this instance took the lease: recorded at once.
  await seedWorkspace(store.db, {
    conversations: [conversation(1, { channel_id: CHANNEL }), conversation(2)],
    messages: [message(2, 1)],
  });
  const recorder = new HistoryRecorder({
    repository: new HistoryRepository(store.db),
    changes: new ChangeFeed(bus, pino({ level: 'silent' })).source('history'),
    workspace: new WorkspaceReader(store.db),
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
      await db
        .selectFrom('history_messages')
        .select(['message_id', 'channel_id'])
        .orderBy('message_id')
        .execute(),
    ).toEqual([
      { message_id: message(1, 1).id, channel_id: CHANNEL },
      { message_id: message(1, 2).id, channel_id: CHANNEL },
      { message_id: message(2, 1).id, channel_id: null },
    ]);
    expect(await db.selectFrom('history_resolutions').select('conversation_id').execute()).toEqual([
      { conversation_id: open.id },
    ]);
    expect(await db.selectFrom('history_lead_moves').select(['from_stage', 'to_stage']).execute()).toEqual([
      { from_stage: 'new', to_stage: 'won' },
    ]);
  } finally {
    await recorder.stop();
  }

  // A new holder goes on from the states recorded: a close already recorded is no second resolution,
  // a lead's next move is from where the last holder saw it.
  const next = new HistoryRecorder({
    repository: new HistoryRepository(store.db),
    changes: new ChangeFeed(bus, pino({ level: 'silent' })).source('history'),
    workspace: new WorkspaceReader(store.db),
    log: pino({ level: 'silent' }),
    writes: () => true,
    clock: () => Date.parse('2026-01-07T00:00:00.000Z'),
  });
  try {
    await bus.publish([
      { event: { type: 'conversation.upserted', conversation: conversation(1, { status: 'closed' }) } },
      { event: { type: 'lead.upserted', lead: lead(1, { status: 'lost' }) } },
    ]);
    await next.flush();
    expect(await store.db.selectFrom('history_resolutions').select('conversation_id').execute()).toHaveLength(
      1,
    );
    expect(
      await store.db
        .selectFrom('history_lead_moves')
        .select(['from_stage', 'to_stage'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { from_stage: 'new', to_stage: 'won' },
      { from_stage: 'won', to_stage: 'lost' },
    ]);
  } finally {
    await next.stop();
  }
});
