import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuditRepository } from '../audit/audit-repository';
import { openStore, type TeamStore } from './open-store';
import { DatabaseUnavailableError, guarded, isUnavailable } from './store-errors';

// The embedded database as deployed: PGlite in a worker thread, reached through the same Kysely
// dialect. What crosses the thread must arrive as PGlite gives it in-process.

let store: TeamStore | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await store?.close();
  store = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database in a worker thread', () => {
  // One in-memory database for the tests that neither restart nor close it (a thread's start-up
  // takes seconds); each keeps to its own table.
  let shared: TeamStore;
  beforeAll(async () => {
    shared = await openStore({ kind: 'pglite', dataDir: null, thread: true });
  }, 60_000);
  afterAll(() => shared.close());

  it('migrates, writes and reads back dates, JSON and int8 ids as the in-thread one does', async () => {
    expect(shared.migrated.length).toBeGreaterThan(0);
    const at = new Date('2026-11-23T10:00:00.000Z');
    const repo = new AuditRepository(shared.db);
    await repo.insert([
      { at, username: 'ana@acme.test', role: 'agent', action: 'leads.update', record: { leadId: 'l-1' }, status: 200, outcome: 'success', ip: null },
    ]);
    const { entries, total } = await repo.list({}, { offset: 0, limit: 10 });
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({ at: at.toISOString(), record: { leadId: 'l-1' }, username: 'ana@acme.test' });
    // bigint identity as text, never a lossy number
    expect(typeof entries[0]!.id).toBe('string');
  });

  it('keeps a transaction whole and rolls back a failed one', async () => {
    await sql`create table t (n int primary key)`.execute(shared.db);
    await shared.db.transaction().execute(async (tx) => {
      await sql`insert into t values (1)`.execute(tx);
      await sql`insert into t values (2)`.execute(tx);
    });
    const failed = shared.db.transaction().execute(async (tx) => {
      await sql`insert into t values (3)`.execute(tx);
      await sql`insert into t values (1)`.execute(tx);
    });
    // The SQLSTATE crosses the thread: a constraint is our query's fault, not an outage.
    const error = await failed.catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('23505');
    expect(isUnavailable(error)).toBe(false);
    const rows = await sql<{ n: number }>`select n from t order by n`.execute(shared.db);
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('keeps its data in DATA_DIR across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatdesk-thread-'));
    dirs.push(dir);
    store = await openStore({ kind: 'pglite', dataDir: dir, thread: true });
    await sql`create table kept (v text)`.execute(store.db);
    await sql`insert into kept values ('still here')`.execute(store.db);
    await store.close();
    store = await openStore({ kind: 'pglite', dataDir: dir, thread: true });
    const rows = await sql<{ v: string }>`select v from kept`.execute(store.db);
    expect(rows.rows).toEqual([{ v: 'still here' }]);
    // Two cold starts (initdb, migrations, the job queue's install) on a loaded machine.
  }, 60_000);

  it('answers "unavailable" once closed, and says so to /readyz', async () => {
    const closed = await openStore({ kind: 'pglite', dataDir: null, thread: true });
    expect(await closed.isHealthy()).toBe(true);
    await closed.close();
    expect(await closed.isHealthy()).toBe(false);
    await expect(guarded(() => sql`select 1`.execute(closed.db))).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});
