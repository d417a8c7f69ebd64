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
    const first = async () => new Date(T0);
    expect(await repo.since('ana@acme.test', first)).toBe(T0);
    // A later call keeps the first time, and does not ask for it: unread counts from the start.
    const never = () => Promise.reject(new Error('asked again'));
    expect(await repo.since('ana@acme.test', never)).toBe(T0);
  });

  it('keeps one mark per agent and thread that only moves forward, and the latest unread flag', async () => {
    await repo.save('ana@acme.test', { conversationId: THREAD, readAt: T0 + 5_000, markedUnread: false });
    const back = await repo.save('ana@acme.test', {
      conversationId: THREAD,
      readAt: T0 + 1_000,
      markedUnread: true,
    });
    expect(back).toEqual({ conversationId: THREAD, readAt: T0 + 5_000, markedUnread: true });
    await repo.save('ada@acme.test', { conversationId: THREAD, readAt: T0, markedUnread: false });
    expect(await repo.mark('ana@acme.test', THREAD)).toEqual({
      conversationId: THREAD,
      readAt: T0 + 5_000,
      markedUnread: true,
    });
    expect(await repo.mark('ada@acme.test', THREAD)).toEqual({
      conversationId: THREAD,
      readAt: T0,
      markedUnread: false,
    });
    expect(await repo.mark('marco@acme.test', THREAD)).toBeUndefined();
  });
});
