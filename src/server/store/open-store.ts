import { readFileSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { lockDataDir } from './data-dir-lock';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations';
import type { EmbeddedDatabase } from './embedded-database';
import { createPGlite } from './pglite-create';
import { PGliteDialect } from './pglite-dialect';
import { PGliteThread } from './pglite-thread';
import type { Database } from './schema';
import { describeFailure } from './store-errors';
import { installJobQueue } from '../jobs/job-queue';

/** The install's own messages (a race between instances, retried) are not worth a line. */
const quietLog = pino({ level: 'silent' });

// The BFF's own database: a PostgreSQL server (DATABASE_URL) or the embedded PGlite (in DATA_DIR,
// or in memory for tests), behind one Kysely query layer, migrated before anything uses it.

export type StoreLocation =
  | { readonly kind: 'postgres'; readonly url: string }
  /**
   * dataDir null: in memory, gone when closed (tests). thread: PGlite in a worker thread of its
   * own (the deployment: its synchronous WASM work stays off the thread answering HTTP); without
   * it, in this thread (tests, where the worker's start-up is not worth it).
   */
  | { readonly kind: 'pglite'; readonly dataDir: string | null; readonly thread?: boolean };

export interface TeamStore {
  readonly db: Kysely<Database>;
  readonly kind: StoreLocation['kind'];
  /** Migrations applied when it was opened. */
  readonly migrated: readonly string[];
  /** Answers within the timeout whether the database serves queries (for /readyz). */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** A query (or a connection attempt) that takes longer fails, so no request hangs on it. */
  readonly timeoutMs?: number;
  readonly poolSize?: number;
  readonly migrations?: Parameters<typeof migrateToLatest>[1];
  /** Told of a pooled connection that broke while idle (the pool replaces it). */
  readonly onIdleError?: (reason: string) => void;
}

/** A migrated data directory an in-memory database starts as a copy of, and what made it. */
interface MemoryTemplate {
  readonly dataDir: Blob;
  readonly applied: readonly string[];
}
let memoryTemplate: MemoryTemplate | null | undefined;

/**
 * PGLITE_TEMPLATE (tests): a dump of a database freshly migrated with these migrations, made once
 * per test run (src/test/pglite-template.ts). PGlite's initdb and the migrations take seconds
 * each time; a copy under one, and a test run opens hundreds.
 */
function migratedMemoryTemplate(): MemoryTemplate | null {
  if (memoryTemplate !== undefined) return memoryTemplate;
  const file = process.env.PGLITE_TEMPLATE;
  memoryTemplate = file
    ? {
        dataDir: new Blob([readFileSync(file)]),
        applied: JSON.parse(readFileSync(`${file}.json`, 'utf8')) as string[],
      }
    : null;
  return memoryTemplate;
}

async function openEmbedded(
  dataDir: string | null,
  thread: boolean,
  template: MemoryTemplate | null,
): Promise<EmbeddedDatabase> {
  if (!thread) return createPGlite(dataDir, template?.dataDir);
  const worker = new PGliteThread(dataDir);
  try {
    await worker.waitReady;
    return worker;
  } catch (error) {
    await worker.close();
    throw error;
  }
}

/** Opens, locks (embedded) and migrates the store; throws StoreSchemaError when it cannot. */
export async function openStore(location: StoreLocation, opts: OpenStoreOptions = {}): Promise<TeamStore> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  let db: Kysely<Database>;
  let unlock = (): void => undefined;
  let healthy: () => Promise<boolean>;
  let template: MemoryTemplate | null = null;
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      statement_timeout: timeoutMs,
      idleTimeoutMillis: 30_000,
      application_name: 'chatdesk-bff',
      // No JIT: every query here is short, and a plan costed high (a screen's read kept in index
      // order turns sorting off, which makes its cost huge) was compiled for 125 ms to run in 1.
      options: '-c jit=off',
    });
    // Without a listener a connection dropped while idle would crash the process.
    pool.on('error', (error) => opts.onIdleError?.(describeFailure(error)));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    healthy = async () => (await sql`select 1 as ok`.execute(db)).rows.length === 1;
  } else {
    if (location.dataDir !== null) unlock = lockDataDir(location.dataDir);
    let pglite: EmbeddedDatabase;
    try {
      const thread = location.thread === true;
      if (location.dataDir === null && !thread && opts.migrations === undefined)
        template = migratedMemoryTemplate();
      pglite = await openEmbedded(location.dataDir, thread, template);
    } catch (error) {
      unlock();
      throw error;
    }
    db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    healthy = async () => !pglite.closed && (await sql`select 1 as ok`.execute(db)).rows.length === 1;
  }

  const close = async (): Promise<void> => {
    try {
      await db.destroy();
    } finally {
      unlock();
    }
  };
  let migrated: readonly string[];
  try {
    const applied = (await migrateToLatest(db as Kysely<unknown>, opts.migrations ?? MIGRATIONS)).applied;
    // The job queue's tables are pg-boss's, installed and upgraded by pg-boss (job-queue.ts).
    if (opts.migrations === undefined) await installJobQueue(db as Kysely<unknown>, quietLog);
    // A copy of the template: its migrations were applied for this database.
    migrated = template ? [...template.applied, ...applied] : applied;
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    kind: location.kind,
    migrated,
    isHealthy: async () => {
      try {
        return await withTimeout(healthy(), timeoutMs);
      } catch {
        return false;
      }
    },
    close,
  };
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
