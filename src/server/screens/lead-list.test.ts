import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type TeamStore } from '../store/open-store';
import { at, lead, stage, uuid } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import { LEADS } from '../workspace/record-kinds';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { removeRecord } from '../workspace/workspace-writer';
import { leadListOf } from './lead-list';

// The list view from the workspace tables (PGlite; board.test.ts proves the shared filters and
// order on both databases).

const OWNER = uuid(7, 'a0000000');

let store: TeamStore;
let workspace: WorkspaceReader;
let clock = 0;

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  workspace = new WorkspaceReader(store.db);
});
afterAll(() => store.close());
beforeEach(async () => {
  await sql`truncate ws_leads, ws_lists`.execute(store.db);
});

async function seed(count: number): Promise<void> {
  const leads = Array.from({ length: count }, (_, i) =>
    lead(i + 1, { assigned_to_user_id: (i + 1) % 3 === 0 ? OWNER : null, priority: i % 2 ? 'high' : 'low' }),
  );
  await seedWorkspace(store.db, { stages: [stage(0, 'new')], leads }, ++clock);
}

describe('leadListOf', () => {
  it('pages newest first in the upstream envelope with a true total', async () => {
    await seed(45);
    const page = await leadListOf(workspace, { page: 2, limit: 20 });
    expect(page).toMatchObject({ total: 45, page: 2, limit: 20, totalPages: 3, hasMore: true });
    expect(page.data.map((l) => l.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Lead ${25 - i}`));
    const last = await leadListOf(workspace, { page: 3, limit: 20 });
    expect(last.data).toHaveLength(5);
    expect(last.hasMore).toBe(false);
  });

  it('filters by owner (and unassigned) on the server, the total counting every match', async () => {
    await seed(45);
    const mine = await leadListOf(workspace, { owner: OWNER, limit: 5 });
    expect(mine.total).toBe(15);
    expect(mine.totalPages).toBe(3);
    expect(mine.data.every((l) => l.assigned_to_user_id === OWNER)).toBe(true);
    expect((await leadListOf(workspace, { owner: 'none' })).total).toBe(30);
    expect((await leadListOf(workspace, { owner: OWNER, priority: 'high' })).total).toBe(7);
    const found = await leadListOf(workspace, { search: ' LEAD 4' });
    expect(found.data.map((l) => l.name)).toEqual([
      'Lead 45',
      'Lead 44',
      'Lead 43',
      'Lead 42',
      'Lead 41',
      'Lead 40',
      'Lead 4',
    ]);
  });

  it('leaves out removed leads, and breaks ties of creation time by id', async () => {
    const leads = [3, 1, 2].map((n) => lead(n, { created_at: at(0) }));
    await seedWorkspace(store.db, { leads: [...leads, lead(4)] }, ++clock);
    await removeRecord(store.db, LEADS, lead(4).id, ++clock);
    const page = await leadListOf(workspace, {});
    expect([page.total, page.data.map((l) => l.name)]).toEqual([3, ['Lead 1', 'Lead 2', 'Lead 3']]);
  });

  it('answers an empty list as the upstream does, and a page past the end empty', async () => {
    expect(await leadListOf(workspace, {})).toEqual({
      data: [],
      total: 0,
      page: 1,
      limit: 20,
      totalPages: 0,
      hasMore: false,
    });
    await seed(3);
    expect((await leadListOf(workspace, { page: 9 })).data).toEqual([]);
    expect((await leadListOf(workspace, { page: Number.MAX_SAFE_INTEGER, limit: 100 })).data).toEqual([]);
  });

  it('searches in one read: the true total, the page newest first, and a page past the end empty with its total', async () => {
    await seed(30);
    // "lead 1" is in Lead 1 and Lead 10 to 19: eleven matches.
    const first = await leadListOf(workspace, { search: ' LEAD 1', limit: 4 });
    expect(first.total).toBe(11);
    expect(first.totalPages).toBe(3);
    expect(first.data.map((l) => l.name)).toEqual(['Lead 19', 'Lead 18', 'Lead 17', 'Lead 16']);
    const last = await leadListOf(workspace, { search: 'lead 1', limit: 4, page: 3 });
    expect(last.data.map((l) => l.name)).toEqual(['Lead 11', 'Lead 10', 'Lead 1']);
    expect(last.hasMore).toBe(false);
    const past = await leadListOf(workspace, { search: 'lead 1', limit: 4, page: 9 });
    expect(past).toMatchObject({ data: [], total: 11, hasMore: false });
    expect((await leadListOf(workspace, { search: 'nobody' })).total).toBe(0);
  });
});
