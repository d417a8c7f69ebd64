import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { TeamStore } from '../store/open-store';
import { describeOnEachStore } from '../testing/test-stores';
import { AuthorsRepository, recordAuthors, THREAD_AUTHORS_MAX } from './message-authors';

const THREAD = '0c0c0c0c-0000-4000-8000-000000000001';
const OTHER = '0c0c0c0c-0000-4000-8000-000000000002';
const ana = { kind: 'person', name: 'Ana Agent', username: 'ana@acme.test', userId: 'u-ana' } as const;
const aria = { kind: 'ai', name: 'Aria', userId: 'ai-aria' } as const;

describeOnEachStore('message authors', (suite) => {
  let store: TeamStore;
  let repo: AuthorsRepository;
  beforeAll(async () => {
    store = await suite.openFresh();
    repo = new AuthorsRepository(store.db);
  }, 60_000);
  beforeEach(async () => {
    await store.db.deleteFrom('message_authors').execute();
  });

  it('keeps who sent each message of a thread, and tells whether anything changed', async () => {
    expect(await recordAuthors(store.db, THREAD, { m1: ana, m2: aria })).toBe(true);
    expect(await recordAuthors(store.db, OTHER, { m3: ana })).toBe(true);
    // The same again (a repeat of the write-through) changes nothing and tells nobody.
    expect(await recordAuthors(store.db, THREAD, { m1: ana })).toBe(false);
    expect(await repo.ofConversation(THREAD)).toEqual({ m1: ana, m2: aria });
    expect(await repo.ofMessages(['m3', 'm2', 'unknown', 'm3'])).toEqual({ m3: ana, m2: aria });
    expect(await repo.ofMessages([])).toEqual({});
  });

  it('a teammate’s send wins over the AI agent, never the other way round', async () => {
    // The hot read saw the reply first, while the agent answered the thread…
    expect(await recordAuthors(store.db, THREAD, { m1: aria })).toBe(true);
    // …then the write-through recorded the teammate who sent it.
    expect(await recordAuthors(store.db, THREAD, { m1: ana })).toBe(true);
    expect(await recordAuthors(store.db, THREAD, { m1: aria })).toBe(false);
    expect(await repo.ofConversation(THREAD)).toEqual({ m1: ana });
    // A send answered with an id kept before (an upstream reusing ids) is the new sender's.
    const lee = { kind: 'person', name: 'Lee Sales', username: 'lee@acme.test' } as const;
    expect(await recordAuthors(store.db, OTHER, { m1: lee })).toBe(true);
    expect(await repo.ofConversation(OTHER)).toEqual({ m1: lee });
    expect(await repo.ofConversation(THREAD)).toEqual({});
  });

  it('stores hostile names as text PostgreSQL accepts, and a thread’s newest authors only', async () => {
    const hostile = { kind: 'person', name: 'A\u0000na \ud800', username: 'x\u0000@acme.test' } as const;
    expect(await recordAuthors(store.db, THREAD, { 'm\u0000': hostile })).toBe(true);
    expect(await repo.ofConversation(THREAD)).toEqual({
      'm\ufffd': { kind: 'person', name: 'A\ufffdna \ufffd', username: 'x\ufffd@acme.test' },
    });
    await store.db.deleteFrom('message_authors').execute();
    const many = Object.fromEntries(
      Array.from({ length: THREAD_AUTHORS_MAX + 5 }, (_, i) => [`m${String(i)}`, ana]),
    );
    await recordAuthors(store.db, OTHER, many);
    expect(Object.keys(await repo.ofConversation(OTHER))).toHaveLength(THREAD_AUTHORS_MAX);
  });
});
