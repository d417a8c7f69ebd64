import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { loadedCollections } from '../sync/sync-queries';
import type { WorkspaceDb } from '../workspace/workspace-writer';

// What a test asks of the workspace tables an app's sync fills.

const dbOf = (app: FastifyInstance): WorkspaceDb => {
  const live = app.bffLive;
  if (!live) throw new Error('the app was built without its live workspace');
  return live.workspace.db;
};

/** Whether the first full read of conversations, leads and customers is done, and stages read. */
export async function workspaceLoaded(app: FastifyInstance): Promise<boolean> {
  const db = dbOf(app);
  return (await loadedCollections(db)).size >= 3 && (await app.bffLive!.workspace.list('stages')) !== null;
}

/** Live (not removed) rows of a workspace table. */
export async function liveRows(
  app: FastifyInstance,
  table: 'ws_conversations' | 'ws_leads' | 'ws_customers' | 'ws_contacts',
): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(*) as n from ${sql.table(table)} where removed_at is null`.execute(dbOf(app));
  return Number(result.rows[0]?.n ?? 0);
}
