import { beforeAll, expect, it } from 'vitest';
import type { TeamStore } from '../store/open-store';
import { recordAuthors } from '../authors/message-authors';
import { describeOnEachStore } from '../testing/test-stores';
import { HistoryRepository, type HistoryEntry } from './history-repository';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const msg = (
  id: string,
  thread: string,
  direction: 'inbound' | 'outbound',
  minutes: number,
  over: Partial<HistoryEntry> = {},
): HistoryEntry =>
  ({
    kind: 'message',
    messageId: id,
    conversationId: thread,
    channelId: 'wa',
    assignee: 'ana',
    direction,
    at: at(minutes),
    ...over,
  }) as HistoryEntry;

describeOnEachStore('report history', (suite) => {
  let store: TeamStore;
  let repo: HistoryRepository;
  beforeAll(async () => {
    store = await suite.openFresh();
    repo = new HistoryRepository(store.db);
    await repo.insert([
      // Thread a: answered after 2 minutes; thread b: after 10; thread c (another channel, Marco's): not yet.
      msg('a1', 'a', 'inbound', 0),
      msg('a2', 'a', 'outbound', 2),
      msg('a3', 'a', 'inbound', 30),
      msg('b1', 'b', 'inbound', 60 * 24),
      msg('b2', 'b', 'outbound', 60 * 24 + 10),
      msg('c1', 'c', 'inbound', 5, { channelId: 'ig', assignee: 'marco' } as Partial<HistoryEntry>),
      // Recorded twice (a load and a change): counted once.
      msg('a2', 'a', 'outbound', 2),
      {
        kind: 'resolution',
        conversationId: 'a',
        channelId: 'wa',
        assignee: 'ana',
        openedAt: at(0),
        resolvedAt: at(60),
      },
    ]);
  }, 60_000);

  it('measures first response and resolution times, and counts unanswered threads', async () => {
    const report = await repo.inbox({ from: new Date(at(-1)), to: new Date(at(60 * 48)) });
    expect(report.firstResponse).toEqual({
      count: 2,
      unanswered: 1,
      median: 360,
      p90: expect.closeTo(552, 0),
    });
    expect(report.resolution).toEqual({ count: 1, median: 3600, p90: 3600 });
    expect(report.byDay).toEqual([
      { day: '2026-03-02', inbound: 3, outbound: 1 },
      { day: '2026-03-03', inbound: 1, outbound: 1 },
    ]);
    expect(report.byChannel).toEqual([
      { channelId: 'wa', inbound: 3, outbound: 2 },
      { channelId: 'ig', inbound: 1, outbound: 0 },
    ]);
    expect(report.byAgent.find((a) => a.assignee === 'ana')).toEqual({
      assignee: 'ana',
      threads: 2,
      replies: 2,
      medianFirstResponse: 360,
      resolved: 1,
    });
  });

  it('keeps to the date range and the channel', async () => {
    const firstDay = await repo.inbox({ from: new Date(at(0)), to: new Date(at(60 * 24)), channelId: 'wa' });
    expect(firstDay.firstResponse).toMatchObject({ count: 1, unanswered: 0, median: 120 });
    expect(firstDay.byChannel.map((c) => c.channelId)).toEqual(['wa']);
    expect(await repo.since()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('credits a reply to the teammate who sent it when the BFF knows, else to the thread’s owner', async () => {
    // Thread b is Ana's, but Lee sent its reply through the BFF (issue 36.1).
    await recordAuthors(store.db, 'b', {
      b2: { kind: 'person', name: 'Lee Sales', username: 'lee', userId: 'lee' },
    });
    const report = await repo.inbox({ from: new Date(at(-1)), to: new Date(at(60 * 48)) });
    expect(report.byAgent.find((a) => a.assignee === 'lee')).toMatchObject({
      threads: 1,
      replies: 1,
      medianFirstResponse: 600,
    });
    expect(report.byAgent.find((a) => a.assignee === 'ana')).toMatchObject({
      threads: 1,
      replies: 1,
      medianFirstResponse: 120,
      resolved: 1,
    });
    await store.db.deleteFrom('message_authors').execute();
  });
});
