import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { TeamStore } from '../store/open-store';
import { describeOnEachStore } from '../testing/test-stores';
import { NotesRepository, type NewNote } from './notes-repository';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const THREAD = '0c0c0c0c-0000-4000-8000-000000000001';

const note = (over: Partial<NewNote> & { seconds: number }): NewNote => ({
  conversationId: THREAD,
  author: 'ana@acme.test',
  authorName: 'Ana Agent',
  body: `note at ${String(over.seconds)}`,
  mentions: [],
  at: new Date(T0 + over.seconds * 1000),
  ...over,
});

describeOnEachStore('notes repository', (suite) => {
  let store: TeamStore;
  let repo: NotesRepository;
  beforeAll(async () => {
    store = await suite.openFresh();
    repo = new NotesRepository(store.db);
  }, 60_000);
  beforeEach(async () => {
    await store.db.deleteFrom('mentions').execute();
    await store.db.deleteFrom('notes').execute();
  });

  it('keeps a thread’s notes oldest first, each with whom it mentions', async () => {
    const second = await repo.create(note({ seconds: 2, mentions: ['marco@acme.test', 'ada@acme.test'] }));
    const first = await repo.create(note({ seconds: 1 }));
    await repo.create(note({ seconds: 3, conversationId: '0c0c0c0c-0000-4000-8000-000000000002' }));
    const notes = await repo.ofConversation(THREAD);
    expect(notes.map((n) => n.id)).toEqual([first.id, second.id]);
    expect(notes[1]!.mentions.sort()).toEqual(['ada@acme.test', 'marco@acme.test']);
    expect(notes[0]).toMatchObject({ body: 'note at 1', createdAt: new Date(T0 + 1000).toISOString() });
  });

  it('lists someone’s mentions newest first with the unread count, and reads one once', async () => {
    const older = await repo.create(note({ seconds: 1, mentions: ['marco@acme.test'] }));
    const newer = await repo.create(note({ seconds: 2, mentions: ['marco@acme.test'] }));
    const before = await repo.mentionsOf('marco@acme.test');
    expect(before.rows.map((r) => r.note.id)).toEqual([newer.id, older.id]);
    expect(before.unread).toBe(2);

    expect(await repo.readMention('marco@acme.test', older.id, new Date(T0 + 5000))).toBe(true);
    // Reading it again still finds it; someone it does not mention has nothing to read.
    expect(await repo.readMention('marco@acme.test', older.id, new Date(T0 + 6000))).toBe(true);
    expect(await repo.readMention('ana@acme.test', older.id, new Date(T0))).toBe(false);
    const after = await repo.mentionsOf('marco@acme.test');
    expect(after.unread).toBe(1);
    expect(after.rows.find((r) => r.note.id === older.id)!.readAt).toBe(new Date(T0 + 5000).toISOString());
  });
});
