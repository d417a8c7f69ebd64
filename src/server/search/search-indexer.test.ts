import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Message } from '../../contract';
import { MemoryBus } from '../events/memory-bus';
import { openStore, type TeamStore } from '../store/open-store';
import { ReadModel } from '../sync/read-model';
import { message } from '../testing/live-records';
import { SearchIndexer } from './search-indexer';
import { SearchRepository } from './search-repository';

// The index follows the sync: messages on the bus are indexed by the instance that holds the
// lease; one that holds it at start (or takes it over) first indexes what its model holds.

let store: TeamStore;
let repo: SearchRepository;
beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  repo = new SearchRepository(store.db);
}, 60_000);
afterAll(() => store.close());
beforeEach(async () => {
  await store.db.deleteFrom('search_messages').execute();
});

const upserted = (messages: Message[]) => ({
  event: { type: 'messages.upserted' as const, conversationId: messages[0]!.conversation_id, messages },
});

const start = (holds: boolean, model = new ReadModel()) => {
  const bus = new MemoryBus();
  const indexer = new SearchIndexer({
    repository: repo,
    bus,
    model,
    log: pino({ level: 'silent' }),
    writes: () => holds,
  });
  return { bus, indexer };
};

it('indexes what the model holds and every message on the bus while it holds the lease', async () => {
  const model = new ReadModel();
  model.messages.set(message(1, 1).conversation_id, [message(1, 1, { text: 'held before the start' })]);
  const { bus, indexer } = start(true, model);
  try {
    await bus.publish([
      upserted([message(1, 3, { text: 'refund please' }), message(1, 4, { text: null, type: 'image' })]),
    ]);
    await indexer.flush();
    expect((await repo.search('start', 5)).map((m) => m.messageId)).toEqual([message(1, 1).id]);
    expect((await repo.search('refund', 5)).map((m) => m.messageId)).toEqual([message(1, 3).id]);
    // A message without text has nothing to find.
    expect(await repo.count()).toBe(2);
  } finally {
    await indexer.stop();
  }
});

it('leaves the index to the lease holder', async () => {
  const { bus, indexer } = start(false);
  try {
    await bus.publish([upserted([message(1, 2, { text: 'a follower ignores this' })])]);
    await indexer.flush();
    expect(await repo.count()).toBe(0);
  } finally {
    await indexer.stop();
  }
});
