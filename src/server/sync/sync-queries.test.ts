import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type TeamStore } from '../store/open-store';
import { loadedCollections, markLoaded } from './sync-queries';

// The first-load marks: the leads and customers sweeps end their first loads at the same time, and
// neither mark may undo the other (a lost mark kept every lead screen at "still loading").

let store: TeamStore;
beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
});
afterAll(() => store.close());

it('keeps both marks when two first loads end at once', async () => {
  await Promise.all([
    markLoaded(store.db, 'conversations'),
    markLoaded(store.db, 'leads'),
    markLoaded(store.db, 'customers'),
    markLoaded(store.db, 'leads'),
  ]);
  expect([...(await loadedCollections(store.db))].sort()).toEqual(['conversations', 'customers', 'leads']);
});
