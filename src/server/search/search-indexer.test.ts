import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Message } from '../../contract';
import { MemoryBus } from '../events/memory-bus';
import { ChangeFeed } from '../sync/change-feed';
import { openStore, type TeamStore } from '../store/open-store';
import { SetAsideRepository } from '../store/set-aside-repository';
import { message } from '../testing/live-records';
import { LogCapture } from '../testing/test-app';
import { describeOnEachStore } from '../testing/test-stores';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { SearchIndexer, TAKE_OVER_PAGE } from './search-indexer';
import { SearchRepository } from './search-repository';

// The index follows the sync: messages on the bus are indexed by the instance that holds the
// lease; one that holds it at start (or takes it over) first indexes what the workspace tables hold.

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

const start = (holds: boolean) => {
  const bus = new MemoryBus();
  const indexer = new SearchIndexer({
    repository: repo,
    changes: new ChangeFeed(bus, pino({ level: 'silent' })).source('search index'),
    workspace: new WorkspaceReader(store.db),
    log: pino({ level: 'silent' }),
    writes: () => holds,
  });
  return { bus, indexer };
};

it('indexes what the tables hold and every message on the bus while it holds the lease', async () => {
  await seedWorkspace(store.db, { messages: [message(1, 1, { text: 'held before the start' })] });
  const { bus, indexer } = start(true);
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

it('reads the held messages a page at a time on a take-over', async () => {
  const threads = Math.ceil((TAKE_OVER_PAGE * 1.5) / 50);
  await seedWorkspace(store.db, {
    messages: Array.from({ length: threads * 50 }, (_, i) =>
      message(100 + Math.floor(i / 50), i % 50, { text: `paged history ${i}` }),
    ),
  });
  const { indexer } = start(true);
  try {
    await indexer.flush();
    const held = await store.db
      .selectFrom('ws_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBeGreaterThan(TAKE_OVER_PAGE);
    expect(await repo.count()).toBe(Number(held.n));
  } finally {
    await indexer.stop();
  }
});

describeOnEachStore('the index after a message the database cannot hold', (suite) => {
  let onStore: SearchRepository;
  let db: TeamStore;
  beforeAll(async () => {
    db = await suite.openFresh();
    onStore = new SearchRepository(db.db);
  }, 60_000);

  const startOn = () => {
    const bus = new MemoryBus();
    const logs = new LogCapture();
    const indexer = new SearchIndexer({
      repository: onStore,
      changes: new ChangeFeed(bus, pino({ level: 'silent' })).source('search index'),
      workspace: new WorkspaceReader(db.db),
      log: pino({}, logs),
      writes: () => true,
    });
    return { bus, indexer, logs };
  };

  it('indexes a message holding U+0000 (made storable), every later one too, and again after a restart', async () => {
    const poisoned = message(7, 1, { text: 'refund\u0000please', sender_name: 'Eve\u0000' });
    const first = startOn();
    try {
      await first.bus.publish([upserted([poisoned])]);
      await first.bus.publish([upserted([message(7, 2, { text: 'later invoice' })])]);
      await first.indexer.flush();
      expect((await onStore.search('refund', 5)).map((m) => m.messageId)).toEqual([poisoned.id]);
      expect(await onStore.search('invoice', 5)).toHaveLength(1);
    } finally {
      await first.indexer.stop();
    }
    // A restart reads the same message from the tables again: it must not block what follows.
    await seedWorkspace(db.db, { messages: [poisoned] });
    const second = startOn();
    try {
      await second.bus.publish([upserted([message(7, 3, { text: 'after the restart' })])]);
      await second.indexer.flush();
      expect(await onStore.search('restart', 5)).toHaveLength(1);
      expect(second.indexer.stats()).toMatchObject({ buffered: 0, setAside: 0 });
    } finally {
      await second.indexer.stop();
    }
  });

  it('sets aside a message the database refuses and indexes the ones around it', async () => {
    const { bus, indexer, logs } = startOn();
    try {
      await bus.publish([
        upserted([
          message(8, 1, { text: 'before the bad one' }),
          message(8, 2, { text: 'undatable', created_at: 'not a date' }),
          message(8, 3, { text: 'after the bad one' }),
        ]),
      ]);
      await indexer.flush();
      expect(await onStore.search('bad one', 5)).toHaveLength(2);
      expect(await onStore.search('undatable', 5)).toHaveLength(0);
      const [kept] = await new SetAsideRepository(db.db).list('search index');
      expect(JSON.parse(kept!.row)).toMatchObject({ messageId: message(8, 2).id, createdAt: 'not a date' });
      expect(indexer.stats()).toMatchObject({ buffered: 0, setAside: 1 });
      expect(logs.text()).toContain('set aside');
      // The log says why, never what the customer wrote.
      expect(logs.text()).not.toContain('undatable');
    } finally {
      await indexer.stop();
    }
  });
});
