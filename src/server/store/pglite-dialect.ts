import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { EmbeddedDatabase } from './embedded-database';

// A Kysely dialect for the embedded PGlite. Why our own (about 80 lines) and not a package: the
// maintained `kysely-pglite-dialect` declares PGlite up to 0.4 only (we run 0.5), and
// `kysely-pglite` brings a CLI and a file watcher into the server's dependencies. Everything but the
// driver is Kysely's own PostgreSQL support, so both databases get the same SQL.
//
// PGlite is one PostgreSQL session. Kysely's transactions and the migrator's lock assume a
// connection of their own, so the single connection is lent to one caller at a time: a query
// issued while a transaction runs waits for it instead of landing inside it.

/**
 * Marks a query that is a script of several statements without parameters (the job queue's install):
 * PGlite's `query` takes one statement, so such a text goes to `exec`, and its last result answers.
 * A PostgreSQL server runs a query without parameters as a script anyway.
 */
export const SCRIPT_MARK = '/* script */ ';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: EmbeddedDatabase) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (query.parameters.length === 0 && query.sql.startsWith(SCRIPT_MARK)) {
      const results = await this.pg.exec(query.sql);
      return { rows: (results.at(-1)?.rows ?? []) as R[] };
    }
    const result = await this.pg.query<R>(query.sql, [...query.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && result.command !== 'SELECT' ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield -- Kysely's interface; nothing here streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The embedded database does not stream query results');
  }
}

const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  /** Resolves when the current borrower gives the connection back. */
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(private readonly pg: EmbeddedDatabase) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter((m) => m !== '');
    await conn.executeQuery(CompiledQuery.raw(`begin${modes.length ? ` ${modes.join(', ')}` : ''}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteName(name)}`));
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${quoteName(name)}`));
  }

  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: EmbeddedDatabase) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = () => new PGliteDriver(this.pg);
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
}
