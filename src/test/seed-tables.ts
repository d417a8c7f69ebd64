import { sql } from 'kysely';
import type { WorkspaceDb } from '../server/workspace/workspace-writer';

// The workspace tables a component test file loads from the fake's seed, kept for the file's
// next tests: loading them (the sync's first read, stood in by loadWorkspaceFromFake) costs about a
// second on PGlite, most of a component test. Triggers of the test's own note each table a row is
// written to; only those get their copy back (truncated and filled again: their indexes, the
// trigram ones most, cost the rest). Only in tests, on the test's own database.

/** Every table the sync fills (forgetWorkspace's list). */
const TABLES = [
  'ws_conversations',
  'ws_messages',
  'ws_leads',
  'ws_customers',
  'ws_contacts',
  'ws_lists',
  'ws_templates',
  'ws_follow_ups',
  'ws_meta',
  'ws_contact_lists_read',
] as const;

const copyOf = (table: string) => `test_seed_${table}`;

/** Notes every table a row is written to (ws_lead_columns follows ws_leads). */
async function noteWrites(db: WorkspaceDb): Promise<void> {
  await sql`create table if not exists test_written_tables (name text primary key)`.execute(db);
  await sql`create or replace function test_workspace_written() returns trigger language plpgsql as $$
    begin insert into test_written_tables values (TG_TABLE_NAME) on conflict do nothing; return null; end $$`.execute(
    db,
  );
  // Rows, not statements: a read-through that finds what the tables hold changes no row.
  for (const name of TABLES) {
    await sql`create or replace trigger ${sql.id(`${name}_test_writes`)}
      after insert or update or delete on ${sql.table(name)}
      for each row execute function test_workspace_written()`.execute(db);
    await sql`create or replace trigger ${sql.id(`${name}_test_truncates`)}
      after truncate on ${sql.table(name)}
      for each statement execute function test_workspace_written()`.execute(db);
  }
}

/** The tables written since the last call (and forgets them). */
async function writtenTables(db: WorkspaceDb): Promise<string[]> {
  const result = await sql<{ name: string }>`delete from test_written_tables returning name`.execute(db);
  return result.rows.map((r) => r.name);
}

/** The columns an insert may set (not the generated ones). */
async function writableColumns(db: WorkspaceDb, table: string): Promise<string[]> {
  const result = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return result.rows.map((r) => r.name);
}

export class SeedTables {
  private noting = false;
  /** Whether the seed's tables are kept (a load from the seed). */
  private kept = false;
  private readonly columns = new Map<string, string[]>();

  /** Loads the tables; `fromSeed`: from the fake's seed, kept for the next tests. */
  async loadFrom(db: WorkspaceDb, load: () => Promise<void>, fromSeed: boolean): Promise<void> {
    if (!this.noting) {
      await noteWrites(db);
      this.noting = true;
    }
    await load();
    this.kept = fromSeed;
    if (fromSeed)
      for (const table of TABLES) {
        const columns = await writableColumns(db, table);
        this.columns.set(table, columns);
        await sql`drop table if exists ${sql.table(copyOf(table))}`.execute(db);
        await sql`create table ${sql.table(copyOf(table))} as select ${sql.join(columns.map((c) => sql.ref(c)))}
          from ${sql.table(table)}`.execute(db);
      }
    await writtenTables(db);
  }

  /**
   * Brings the seed's tables back when a load kept them (only the tables written since): true when
   * it did.
   */
  async restore(db: WorkspaceDb): Promise<boolean> {
    if (!this.kept) return false;
    for (const table of await writtenTables(db)) {
      const columns = this.columns.get(table);
      // ws_lead_columns: the triggers on ws_leads bring it back with it.
      if (columns === undefined) continue;
      const list = sql.join(columns.map((c) => sql.ref(c)));
      await sql`truncate ${sql.table(table)}`.execute(db);
      await sql`insert into ${sql.table(table)} (${list}) select ${list} from ${sql.table(copyOf(table))}`.execute(
        db,
      );
    }
    await writtenTables(db);
    return true;
  }
}
