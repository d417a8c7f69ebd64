import { afterAll, beforeAll, describe } from 'vitest';
import { openStore, type OpenStoreOptions, type StoreLocation, type TeamStore } from '../store/open-store';
import { startTestPostgres, type TestPostgres } from './postgres-server';

// Runs a store test suite on both databases the BFF supports: the embedded PGlite (in memory) and
// a real PostgreSQL server (a throwaway cluster, one fresh database per location asked for).

export const STORE_KINDS = ['pglite', 'postgres'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export interface StoreSuite {
  readonly kind: StoreKind;
  /** A location for a new, empty database of this kind. */
  freshLocation(): Promise<StoreLocation>;
  /** Opens (and migrates) a new, empty database; closed after the suite. */
  openFresh(opts?: OpenStoreOptions): Promise<TeamStore>;
  /** The cluster behind the postgres kind (to pause or stop it); null for pglite. */
  server(): TestPostgres | null;
}

export function describeOnEachStore(name: string, body: (suite: StoreSuite) => void): void {
  describe.each(STORE_KINDS)(`${name} (%s)`, (kind) => {
    let server: TestPostgres | null = null;
    const opened: TeamStore[] = [];
    beforeAll(async () => {
      if (kind === 'postgres') server = await startTestPostgres();
    }, 60_000);
    afterAll(async () => {
      await Promise.allSettled(opened.map((s) => s.close()));
      await server?.stop();
    }, 60_000);
    const freshLocation = async (): Promise<StoreLocation> =>
      kind === 'postgres' ? { kind, url: await server!.createDatabase() } : { kind, dataDir: null };
    body({
      kind,
      freshLocation,
      openFresh: async (opts) => {
        const store = await openStore(await freshLocation(), opts);
        opened.push(store);
        return store;
      },
      server: () => server,
    });
  });
}
