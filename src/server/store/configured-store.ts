import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseSettings } from '../config';
import { openStore, type TeamStore } from './open-store';

// Opens the store the settings name: the PostgreSQL server of DATABASE_URL, or the embedded one in
// DATA_DIR, or (the demo) in a fresh temporary directory removed when it closes.

export interface ConfiguredStore {
  readonly store: TeamStore;
  close(): Promise<void>;
}

export async function openConfiguredStore(
  settings: DatabaseSettings,
  log: FastifyBaseLogger,
): Promise<ConfiguredStore> {
  const common = {
    timeoutMs: settings.timeoutMs,
    onIdleError: (reason: string) => log.warn({ reason }, 'team database connection lost while idle'),
  };
  if (settings.url !== undefined) {
    const store = await openStore({ kind: 'postgres', url: settings.url }, common);
    // Never the URL: it holds the password.
    log.info({ database: 'postgres', migrated: store.migrated }, 'team database ready');
    return { store, close: () => store.close() };
  }
  const temporary = settings.dataDir === null ? mkdtempSync(join(tmpdir(), 'chatdesk-demo-data-')) : null;
  const dataDir = temporary ?? settings.dataDir!;
  const removeTemporary = (): void => {
    if (temporary !== null) rmSync(temporary, { recursive: true, force: true });
  };
  let store: TeamStore;
  try {
    store = await openStore({ kind: 'pglite', dataDir, thread: true }, common);
  } catch (err) {
    removeTemporary();
    throw err;
  }
  log.info(
    { database: 'embedded', dataDir: temporary === null ? dataDir : '(temporary)', migrated: store.migrated },
    'team database ready',
  );
  return {
    store,
    close: async () => {
      try {
        await store.close();
      } finally {
        removeTemporary();
      }
    },
  };
}
