import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import pino from 'pino';
import { installJobQueue } from '../server/jobs/job-queue';
import { migrateToLatest } from '../server/store/migrate';
import { MIGRATIONS } from '../server/store/migrations';
import { createPGlite } from '../server/store/pglite-create';
import { PGliteDialect } from '../server/store/pglite-dialect';

// Vitest's global set-up: one in-memory database migrated with this tree's migrations, dumped to
// a file every test's in-memory store starts as a copy of (PGLITE_TEMPLATE, open-store.ts). It
// saves PGlite's initdb and the migrations, seconds each, in every one of hundreds of stores.

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'chatdesk-pglite-template-'));
  const pglite = await createPGlite(null);
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  try {
    const { applied } = await migrateToLatest(db, MIGRATIONS);
    await installJobQueue(db, pino({ level: 'silent' }));
    const dump = await pglite.dumpDataDir('none');
    const file = join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    writeFileSync(`${file}.json`, JSON.stringify(applied));
    process.env.PGLITE_TEMPLATE = file;
  } finally {
    await db.destroy();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
