import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../contract';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation, message } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import { UpstreamError } from '../upstream/upstream-error';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { SetAsideRepository } from '../store/set-aside-repository';
import { SearchBackfill } from './search-backfill';
import { SearchRepository } from './search-repository';

// Older history into the index: page by page before the sync's newest page, newest thread first,
// only while holding the lease, its progress kept across a restart, a missing thread let go.

let store: TeamStore;
let repo: SearchRepository;
let calls: { id: string; before?: string | undefined }[];
let holds = true;

/** Thread 1 has messages 1..250 upstream (the sync holds 231..250); thread 2 has 1..5. */
const history: Record<string, Message[]> = {};
const reader = {
  async call(_route: string, opts: { params: { id: string }; query: { before?: string; limit: number } }) {
    calls.push({ id: opts.params.id, before: opts.query.before });
    const all = history[opts.params.id];
    if (!all) throw new UpstreamError('http', 'messages.list', 'gone', 404);
    // Newest first, as the upstream pages.
    const newestFirst = [...all].reverse();
    const from = opts.query.before ? newestFirst.findIndex((m) => m.id === opts.query.before) + 1 : 0;
    const data = newestFirst.slice(from, from + opts.query.limit);
    return { data, hasMore: from + opts.query.limit < newestFirst.length };
  },
};

const backfill = () =>
  new SearchBackfill({
    repository: repo,
    reader: reader as never,
    workspace: new WorkspaceReader(store.db),
    log: pino({ level: 'silent' }),
    writes: () => holds,
    everyMs: 1000,
  });

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  repo = new SearchRepository(store.db);
  const one = Array.from({ length: 250 }, (_, i) =>
    message(1, i + 1, { text: i === 0 ? 'the very first refund question' : `hello ${String(i + 1)}` }),
  );
  history[conversation(1).id] = one;
  history[conversation(2).id] = Array.from({ length: 5 }, (_, i) => message(2, i + 1));
}, 60_000);
afterAll(() => store.close());
beforeEach(async () => {
  calls = [];
  holds = true;
  await store.db.deleteFrom('search_messages').execute();
  await store.db.deleteFrom('search_backfill').execute();
  await store.db.deleteFrom('ws_conversations').execute();
  await store.db.deleteFrom('ws_messages').execute();
  await seedWorkspace(store.db, {
    conversations: [
      conversation(1, { last_message_at: '2026-02-01T00:00:00.000Z' }),
      conversation(2, { last_message_at: '2026-01-01T00:00:00.000Z' }),
    ],
    messages: history[conversation(1).id]!.slice(230),
  });
});

describe('search back-fill', () => {
  it('reads the newest thread back to its start, then the next, then has nothing left', async () => {
    const task = backfill();
    const steps: string[] = [];
    for (let i = 0; i < 6; i++) steps.push(await task.step());
    expect(steps).toEqual(['read', 'read', 'read', 'read', 'done', 'done']);
    // Before the sync's oldest held message (231), in pages of 100.
    expect(calls.map((c) => [c.id === conversation(1).id ? 1 : 2, c.before])).toEqual([
      [1, message(1, 231).id],
      [1, message(1, 131).id],
      [1, message(1, 31).id],
      [2, undefined],
    ]);
    expect((await repo.search('refund question', 5)).map((m) => m.messageId)).toEqual([message(1, 1).id]);
    expect(await repo.count()).toBe(230 + 5);
  });

  it('goes on after a restart where it stopped', async () => {
    await backfill().step();
    const again = backfill();
    await again.step();
    expect(calls.map((c) => c.before)).toEqual([message(1, 231).id, message(1, 131).id]);
  });

  it('reads nothing while another instance holds the lease', async () => {
    holds = false;
    expect(await backfill().step()).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('indexes the rest of a page the database refuses one message of, sets that one aside and moves on', async () => {
    const thread = conversation(3);
    history[thread.id] = [
      message(3, 1, { text: 'older kept message' }),
      // A date the upstream's format allows and PostgreSQL cannot hold (it has no year 0).
      message(3, 2, { text: 'unstorable date', created_at: '0000-01-01T00:00:00Z' }),
      message(3, 3, { text: 'newer kept message' }),
    ];
    await seedWorkspace(store.db, {
      conversations: [conversation(3, { last_message_at: '2026-03-01T00:00:00.000Z' })],
    });
    await store.db.deleteFrom('set_aside').execute();
    const task = backfill();
    expect(await task.step()).toBe('read');
    expect(await repo.search('kept message', 5)).toHaveLength(2);
    const [kept, ...more] = await new SetAsideRepository(store.db).list('search index');
    expect(more).toEqual([]);
    expect(JSON.parse(kept!.row)).toMatchObject({ messageId: message(3, 2).id });
    // The thread is read to its start: the next step reads the next thread, not the same page.
    await task.step();
    expect(calls.map((c) => c.id)).toEqual([thread.id, conversation(1).id]);
  });

  it('lets go of a thread the upstream no longer has', async () => {
    await seedWorkspace(store.db, {
      conversations: [conversation(9, { last_message_at: '2026-03-01T00:00:00.000Z' })],
    });
    const task = backfill();
    expect(await task.step()).toBe('read');
    expect(calls[0]!.id).toBe(conversation(9).id);
    expect(await task.step()).toBe('read');
    expect(calls[1]!.id).toBe(conversation(1).id);
  });
});
