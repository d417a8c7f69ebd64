import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { StoreSchemaError } from './store-errors';

// Brings the schema up to date at start-up. Kysely's migrator runs every pending migration in ONE
// transaction (PostgreSQL's DDL is transactional) under an advisory lock, so two instances
// starting at once take turns and a migration failing half-way leaves the schema as it was.

/** The names of migrations the database has applied, oldest first (none on a new database). */
export async function appliedMigrations(db: Kysely<unknown>): Promise<string[]> {
  const table = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(
    db,
  );
  if (!table.rows[0]?.t) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

const refuseNewer = (unknown: readonly string[]): StoreSchemaError =>
  new StoreSchemaError(
    `The database's schema is newer than this BFF: it has applied migration(s) ${unknown.join(', ')} ` +
      'that this version does not know. Run the newer BFF release that made them, or restore a backup ' +
      'taken with this version; the BFF will not start on it.',
  );

export interface MigrationReport {
  /** Migrations applied now, in order. */
  readonly applied: readonly string[];
}

export async function migrateToLatest(
  db: Kysely<unknown>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<MigrationReport> {
  const known = new Set(Object.keys(migrations));
  const newer = (await appliedMigrations(db)).filter((name) => !known.has(name));
  if (newer.length > 0) throw refuseNewer(newer);

  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
  const outcome: MigrationResultSet = await migrator.migrateToLatest();
  if (outcome.error !== undefined) {
    // Another instance may have applied a newer release's migration between our check and the lock.
    const raced = (await appliedMigrations(db)).filter((name) => !known.has(name));
    if (raced.length > 0) throw refuseNewer(raced);
    const failed = outcome.results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    throw new StoreSchemaError(
      failed !== undefined
        ? `Migration ${failed} failed, so none was applied and the schema is as it was: ${reason}`
        : `The database could not be migrated: ${reason}`,
      { cause: outcome.error },
    );
  }
  return {
    applied: (outcome.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}
