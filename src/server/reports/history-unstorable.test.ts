import { sql } from 'kysely';
import pino from 'pino';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { MemoryBus } from '../events/memory-bus';
import { ChangeFeed } from '../sync/change-feed';
import type { TeamStore } from '../store/open-store';
import { SetAsideRepository } from '../store/set-aside-repository';
import { conversation, lead, message } from '../testing/live-records';
import { LogCapture } from '../testing/test-app';
import { describeOnEachStore } from '../testing/test-stores';
import { HistoryRecorder } from './history-recorder';
import { HistoryRepository } from './history-repository';
import { WorkspaceReader } from '../workspace/workspace-reader';

// Issue 34 for report history: upstream text the database cannot hold is made storable, and a
// record it refuses is set aside without stopping (or repeating) the others.

describeOnEachStore('report history after records the database cannot hold', (suite) => {
  let store: TeamStore;
  beforeAll(async () => {
    store = await suite.openFresh();
  }, 60_000);
  beforeEach(async () => {
    for (const table of [
      'history_messages',
      'history_resolutions',
      'history_lead_moves',
      'set_aside',
    ] as const)
      await store.db.deleteFrom(table).execute();
    await sql`delete from history_states`.execute(store.db);
  });

  const start = () => {
    const bus = new MemoryBus();
    const logs = new LogCapture();
    const recorder = new HistoryRecorder({
      repository: new HistoryRepository(store.db),
      changes: new ChangeFeed(bus, pino({ level: 'silent' })).source('history'),
      workspace: new WorkspaceReader(store.db),
      log: pino({}, logs),
      writes: () => true,
      clock: () => Date.parse('2026-01-06T00:00:00.000Z'),
    });
    return { bus, recorder, logs };
  };

  it('stores stages, currencies and assignees holding U+0000 or a lone surrogate, as U+FFFD', async () => {
    const { bus, recorder } = start();
    try {
      await bus.publish([{ event: { type: 'lead.upserted', lead: lead(1, { status: 'new\u0000' }) } }]);
      await bus.publish([
        { event: { type: 'lead.upserted', lead: lead(1, { status: 'won\uD800', currency: 'EU\u0000' }) } },
      ]);
      await recorder.flush();
      const moves = await store.db
        .selectFrom('history_lead_moves')
        .select(['from_stage', 'to_stage', 'currency'])
        .orderBy('id')
        .execute();
      expect(moves.at(-1)).toEqual({ from_stage: 'new\uFFFD', to_stage: 'won\uFFFD', currency: 'EU\uFFFD' });
    } finally {
      await recorder.stop();
    }
  });

  it('sets aside a record the database refuses, writes the others once each, and goes on', async () => {
    const { bus, recorder } = start();
    try {
      const open = conversation(1, { status: 'open' });
      await bus.publish([{ event: { type: 'conversation.upserted', conversation: open }, audience: [] }]);
      // One batch: a message, a resolution, and a move the database refuses (a date it cannot read).
      await bus.publish([
        { event: { type: 'messages.upserted', conversationId: open.id, messages: [message(1, 1)] } },
        { event: { type: 'conversation.upserted', conversation: { ...open, status: 'closed' } } },
        { event: { type: 'lead.upserted', lead: lead(2, { created_at: 'not a date' }) } },
      ]);
      await recorder.flush();
      await bus.publish([
        { event: { type: 'messages.upserted', conversationId: open.id, messages: [message(1, 2)] } },
      ]);
      await recorder.flush();
      const db = store.db;
      expect(await db.selectFrom('history_messages').select('message_id').execute()).toHaveLength(2);
      // Written once, though the batch that held it was written again row by row.
      expect(await db.selectFrom('history_resolutions').select('conversation_id').execute()).toEqual([
        { conversation_id: open.id },
      ]);
      expect(await db.selectFrom('history_lead_moves').select('lead_id').execute()).toEqual([]);
      const [kept, ...more] = await new SetAsideRepository(db).list('history');
      expect(more).toEqual([]);
      expect(JSON.parse(kept!.row)).toMatchObject({ kind: 'move', leadId: lead(2).id, at: 'not a date' });
    } finally {
      await recorder.stop();
    }
  });
});
