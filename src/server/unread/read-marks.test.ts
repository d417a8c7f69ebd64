import { sql } from 'kysely';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract';
import { MemoryBus } from '../events/memory-bus';
import type { TeamStore } from '../store/open-store';
import { conversation, message } from '../testing/live-records';
import { describeOnEachStore } from '../testing/test-stores';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { FUTURE_SLACK_MS, ReadMarks } from './read-marks';
import { ReadMarksRepository } from './read-marks-repository';

// Unread counted in SQL over the workspace tables and the read marks, on both databases: what came
// in after each agent started or read, never outbound messages, never a message stamped more than
// 30 days ahead of the BFF's clock, at most a page per thread, at least one for a thread marked
// unread; and a read goes to that agent's browsers as an event.

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;
const DAY = 86_400_000;

describeOnEachStore('unread in SQL', (suite) => {
  let store: TeamStore;
  let marks: ReadMarks;
  let now = NOW;
  const published: { event: LiveEvent; audience?: readonly string[] | undefined }[] = [];

  beforeAll(async () => {
    store = await suite.openFresh();
    const bus = new MemoryBus();
    bus.subscribe((e) => void published.push({ event: e.event, audience: e.audience }));
    marks = new ReadMarks({
      repository: new ReadMarksRepository(store.db),
      workspace: new WorkspaceReader(store.db),
      bus,
      clock: () => now,
    });
  }, 60_000);
  beforeEach(async () => {
    published.length = 0;
    now = NOW;
    for (const table of ['read_marks', 'readers', 'ws_messages', 'ws_conversations'])
      await sql`delete from ${sql.table(table)}`.execute(store.db);
  });

  /** A thread whose messages are at the given times (ms), inbound unless said. */
  const thread = (n: number, times: number[], over: { outbound?: number[]; removed?: boolean } = {}) => ({
    conversation: conversation(n, { last_message_at: iso(Math.max(...times)), updated_at: iso(NOW) }),
    messages: times.map((t, i) =>
      message(n, i + 1, {
        created_at: iso(t),
        ...(over.outbound?.includes(i) ? { direction: 'outbound' as const, from_me: true } : {}),
      }),
    ),
  });
  const seed = async (...threads: ReturnType<typeof thread>[]) =>
    seedWorkspace(store.db, {
      conversations: threads.map((t) => t.conversation),
      messages: threads.flatMap((t) => t.messages),
    });

  it('starts a new agent at the newest believable message, then counts inbound messages after it', async () => {
    // The newest message is stamped in the year 9999: not believed, so the agent starts before it.
    await seed(
      thread(1, [NOW - 10 * MIN, NOW - 5 * MIN]),
      thread(2, [NOW - 8 * MIN, Date.parse('9999-01-01')]),
    );
    expect(await marks.summary('ana')).toEqual({ total: 0, threads: {} });

    await seed(
      thread(1, [NOW - 10 * MIN, NOW - 5 * MIN, NOW + MIN, NOW + 2 * MIN, NOW + 3 * MIN], { outbound: [4] }),
      // Ten days ahead is believed (the upstream's clock may run ahead); forty days is not.
      thread(3, [NOW + 10 * DAY, NOW + 40 * DAY]),
    );
    expect(await marks.summary('ana')).toEqual({
      total: 2,
      threads: { [conversation(1).id]: 2, [conversation(3).id]: 1 },
    });
    // Another agent starting now starts where ana did: at the newest believable message.
    expect(await marks.summary('ada')).toEqual({ total: 0, threads: {} });
  });

  it('counts from each agent’s own read, at most a page per thread, and drops a removed thread', async () => {
    await seed(thread(1, [NOW - MIN]), thread(2, [NOW - MIN]));
    await marks.summary('ana');
    const burst = Array.from({ length: 25 }, (_, i) => NOW + (i + 1) * 1000);
    await seed(thread(1, [NOW - MIN, ...burst]), thread(2, [NOW - MIN, NOW + 1000, NOW + 2000]));
    expect((await marks.summary('ana')).threads).toEqual({
      [conversation(1).id]: 20,
      [conversation(2).id]: 2,
    });

    expect(await marks.markRead('ana', conversation(2).id, NOW + 1000)).toMatchObject({ readAt: NOW + 1000 });
    expect((await marks.summary('ana')).threads[conversation(2).id]).toBe(1);
    const read = await marks.markRead('ana', conversation(1).id);
    expect(read?.readAt).toBe(NOW + 25_000);
    expect(await marks.summary('ana')).toEqual({ total: 1, threads: { [conversation(2).id]: 1 } });
    expect(published.map((p) => [p.event.type, p.audience])).toEqual([
      ['readState.changed', ['ana']],
      ['readState.changed', ['ana']],
    ]);

    await sql`update ws_conversations set removed_at = 1 where id = ${conversation(2).id}`.execute(store.db);
    expect(await marks.summary('ana')).toEqual({ total: 0, threads: {} });
    expect(await marks.markRead('ana', conversation(2).id)).toBeNull();
    expect(await marks.markUnread('ana', conversation(9).id)).toBeNull();
  });

  it('never reads past the latest believable time, so what comes later still counts', async () => {
    await seed(thread(1, [NOW - MIN, Date.parse('9999-01-01')]), thread(2, [NOW - 2 * MIN]));
    await marks.summary('ana');
    // The default read stops at the newest believable message, not at the year-9999 one.
    expect((await marks.markRead('ana', conversation(1).id))?.readAt).toBe(NOW - MIN);
    const read = await marks.markRead('ana', conversation(2).id, Date.parse('9999-01-01'));
    expect(read?.readAt).toBe(NOW + FUTURE_SLACK_MS);
    // Sixty days on, a new message is after that read.
    now = NOW + 60 * DAY;
    await seed(thread(2, [NOW - 2 * MIN, now - MIN]));
    expect((await marks.summary('ana')).threads).toEqual({ [conversation(2).id]: 1 });
  });

  it('keeps a thread marked unread at one at least, until it is read again', async () => {
    await seed(thread(1, [NOW - MIN]), thread(2, [NOW - 2 * MIN]));
    await marks.summary('ana');
    expect(await marks.markUnread('ana', conversation(2).id)).toMatchObject({ markedUnread: true });
    const counter = await marks.counterFor('ana');
    expect([counter(conversation(1).id), counter(conversation(2).id)]).toEqual([0, 1]);
    // A message after the mark counts as itself, not as one more.
    await seed(thread(2, [NOW - 2 * MIN, NOW + MIN, NOW + 2 * MIN]));
    expect((await marks.summary('ana')).threads).toEqual({ [conversation(2).id]: 2 });
    await marks.markRead('ana', conversation(2).id);
    expect(await marks.summary('ana')).toEqual({ total: 0, threads: {} });
    // Another agent's mark is theirs alone.
    await marks.markUnread('ada', conversation(1).id);
    expect(await marks.summary('ana')).toEqual({ total: 0, threads: {} });
    expect((await marks.summary('ada')).threads).toEqual({ [conversation(1).id]: 1 });
  });
});
