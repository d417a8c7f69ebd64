import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres } from '../testing/postgres-server';
import { describeOnEachStore } from '../testing/test-stores';
import { DataDirLockedError } from './data-dir-lock';
import { appliedMigrations, migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations';
import { openStore, type TeamStore } from './open-store';
import { guarded, DatabaseUnavailableError, StoreSchemaError } from './store-errors';

const tableExists = async (db: Kysely<unknown>, table: string): Promise<boolean> => {
  const r = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(db);
  return r.rows[0]?.t != null;
};

const createTable = (name: string): Migration => ({
  up: async (db) => {
    await db.schema.createTable(name).addColumn('id', 'integer').execute();
  },
});

describeOnEachStore('store', (suite) => {
  // One migrated database for the tests that only use one (an embedded one takes seconds to
  // start); a test that needs a new database, or closes it, opens its own.
  let shared: TeamStore;
  beforeAll(async () => {
    shared = await suite.openFresh();
  }, 60_000);

  it('applies every migration to a new database, and none when opened again', async () => {
    const location = await suite.freshLocation();
    const first = await openStore(location);
    expect(first.migrated).toEqual(Object.keys(MIGRATIONS));
    expect(await tableExists(first.db as Kysely<unknown>, 'audit_log')).toBe(true);
    expect(await first.isHealthy()).toBe(true);
    if (location.kind === 'pglite') {
      await first.close();
      return; // an in-memory database does not outlive its store; persistence is tested below
    }
    const second = await openStore(location);
    expect(second.migrated).toEqual([]);
    await Promise.all([first.close(), second.close()]);
  });

  it('refuses a database whose schema is newer than it knows, naming the migration', async () => {
    const location = await suite.freshLocation();
    const newer = await openStore(location, {
      migrations: { ...MIGRATIONS, '9999_from_the_future': createTable('future_table') },
    });
    if (location.kind === 'pglite') {
      // The same in-memory database, opened again by an older release, is the same check on it.
      await expect(migrateToLatest(newer.db as Kysely<unknown>, MIGRATIONS)).rejects.toThrow(
        /newer than this BFF.*9999_from_the_future/,
      );
      await newer.close();
      return;
    }
    await newer.close();
    const older = openStore(location);
    await expect(older).rejects.toBeInstanceOf(StoreSchemaError);
    await expect(openStore(location)).rejects.toThrow(/9999_from_the_future/);
  });

  it('leaves the schema as it was when a migration fails half-way, and names it', async () => {
    const db = shared.db as Kysely<unknown>;
    const failing: Migration = {
      up: async (trx) => {
        await trx.schema.createTable('half_done').addColumn('id', 'integer').execute();
        await sql`select * from no_such_table`.execute(trx);
      },
    };
    const run = migrateToLatest(db, {
      ...MIGRATIONS,
      '9998_ok': createTable('was_fine'),
      '9999_broken': failing,
    });
    await expect(run).rejects.toThrow(/Migration 9999_broken failed.*schema is as it was/);
    // One transaction for the whole batch: the migration before it is undone too.
    expect(await tableExists(db, 'half_done')).toBe(false);
    expect(await tableExists(db, 'was_fine')).toBe(false);
    expect(await appliedMigrations(db)).toEqual(Object.keys(MIGRATIONS));
  });

  it('lets two instances start at once on one database: the migrations run once', async () => {
    if (suite.kind === 'pglite') {
      // One embedded database belongs to one process; the DATA_DIR lock test covers it.
      const both = await Promise.all([
        migrateToLatest(shared.db as Kysely<unknown>, MIGRATIONS),
        migrateToLatest(shared.db as Kysely<unknown>, MIGRATIONS),
      ]);
      expect(both.flatMap((r) => r.applied)).toEqual([]);
      return;
    }
    const location = await suite.freshLocation();
    const [a, b] = await Promise.all([openStore(location), openStore(location)]);
    expect([...a.migrated, ...b.migrated]).toEqual(Object.keys(MIGRATIONS));
    await Promise.all([a.close(), b.close()]);
  });

  it('says the database is unavailable when it refuses writes (read-only)', async () => {
    const write = guarded(() =>
      shared.db
        .transaction()
        .setAccessMode('read only')
        .execute((trx) =>
          trx
            .insertInto('audit_log')
            .values({
              at: new Date(),
              action: 'x',
              status: 200,
              outcome: 'success',
              username: null,
              role: null,
              record: null,
              ip: null,
            })
            .execute(),
        ),
    );
    await expect(write).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('keeps a wrong query a programming error, not an outage', async () => {
    const wrong = guarded(() => sql`select * from no_such_table`.execute(shared.db));
    await expect(wrong).rejects.not.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('answers unhealthy and fails calls promptly once closed', async () => {
    const store = await suite.openFresh();
    await store.close();
    expect(await store.isHealthy()).toBe(false);
    await expect(guarded(() => sql`select 1`.execute(store.db))).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
  });
});

describe('store on a PostgreSQL server that stops answering', () => {
  it('fails queries with DatabaseUnavailableError and reports unhealthy instead of hanging', async () => {
    const server = await startTestPostgres();
    try {
      const store = await openStore(
        { kind: 'postgres', url: await server.createDatabase() },
        { timeoutMs: 500 },
      );
      server.pause();
      await expect(guarded(() => sql`select 1`.execute(store.db))).rejects.toBeInstanceOf(
        DatabaseUnavailableError,
      );
      expect(await store.isHealthy()).toBe(false);
      server.resume();
      await server.stop();
      await expect(guarded(() => sql`select 1`.execute(store.db))).rejects.toBeInstanceOf(
        DatabaseUnavailableError,
      );
      await store.close();
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('embedded store in DATA_DIR', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'chatdesk-data-'));
    dirs.push(dir);
    return dir;
  };

  it('keeps its data across a restart and lets one BFF at a time open it', async () => {
    const dataDir = tempDir();
    const first = await openStore({ kind: 'pglite', dataDir });
    await first.db
      .insertInto('audit_log')
      .values({
        at: new Date(),
        action: 'leads.update',
        status: 200,
        outcome: 'success',
        username: 'ada',
        role: 'admin',
        record: JSON.stringify({ id: 'l1' }),
        ip: '127.0.0.1',
      })
      .execute();
    await expect(openStore({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();

    const again = await openStore({ kind: 'pglite', dataDir });
    expect(again.migrated).toEqual([]);
    const rows = await again.db.selectFrom('audit_log').select(['username', 'record']).execute();
    expect(rows).toEqual([{ username: 'ada', record: { id: 'l1' } }]);
    await again.close();
  }, 60_000);

  it('refuses a DATA_DIR held by another live process and takes over one left by a dead one', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'bff.lock'), String(process.ppid));
    await expect(openStore({ kind: 'pglite', dataDir })).rejects.toThrow(
      /in use by another BFF process.*DATABASE_URL/,
    );
    writeFileSync(join(dataDir, 'bff.lock'), '2147483646');
    const store = await openStore({ kind: 'pglite', dataDir });
    expect(await store.isHealthy()).toBe(true);
    await store.close();
  }, 60_000);
});
