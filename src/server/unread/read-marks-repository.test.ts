import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { TeamStore } from '../store/open-store';
import { describeOnEachStore } from '../testing/test-stores';
import { ReadMarksRepository } from './read-marks-repository';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const THREAD = '0c0c0c0c-0000-4000-8000-000000000001';

describeOnEachStore('read marks repository', (suite) => {
  let store: TeamStore;
  let repo: ReadMarksRepository;
  beforeAll(async () => {
    store = await suite.openFresh();
    repo = new ReadMarksRepository(store.db);
  }, 60_000);
  beforeEach(async () => {
    await store.db.deleteFrom('read_marks').execute();
    await store.db.deleteFrom('readers').execute();
  });

  it('records a first-time reader once, from their first use on', async () => {
    expect(await repo.load('ana@acme.test', new Date(T0))).toEqual({ since: T0, marks: [] });
    // A later load keeps the first time: unread is counted from when the agent started.
    expect((await repo.load('ana@acme.test', new Date(T0 + 60_000))).since).toBe(T0);
  });

  it('keeps one mark per agent and thread that only moves forward, and the latest unread flag', async () => {
    await repo.load('ana@acme.test', new Date(T0));
    await repo.save('ana@acme.test', { conversationId: THREAD, readAt: T0 + 5_000, markedUnread: false });
    const back = await repo.save('ana@acme.test', {
      conversationId: THREAD,
      readAt: T0 + 1_000,
      markedUnread: true,
    });
    expect(back).toEqual({ conversationId: THREAD, readAt: T0 + 5_000, markedUnread: true });
    await repo.save('ada@acme.test', { conversationId: THREAD, readAt: T0, markedUnread: false });
    const ana = await repo.load('ana@acme.test', new Date(T0));
    expect(ana.marks).toEqual([{ conversationId: THREAD, readAt: T0 + 5_000, markedUnread: true }]);
    const ada = await repo.load('ada@acme.test', new Date(T0));
    expect(ada.marks).toEqual([{ conversationId: THREAD, readAt: T0, markedUnread: false }]);
  });
});
