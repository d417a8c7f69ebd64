import type { AnyBffHandlers } from './bff-routes/bff-handlers';
import type { FastifyInstance } from 'fastify';
import type { SessionManager } from './auth/sessions';
import type { UserDirectory } from './auth/users';
import { registerExportRoutes } from './exports/export-routes';
import { registerImports } from './imports/register-imports';
import { HistoryRecorder } from './reports/history-recorder';
import { HistoryRepository } from './reports/history-repository';
import { registerReportRoutes } from './reports/report-routes';
import { SearchBackfill } from './search/search-backfill';
import { SearchIndexer } from './search/search-indexer';
import { SearchRepository } from './search/search-repository';
import { registerSearchRoutes } from './search/search-routes';
import type { TeamStore } from './store/open-store';
import type { LiveService } from './sync/live-service';
import type { Team } from './team';

// Finding anything, seeing how the team does, taking data in and out (issue 15): the message index and
// the history for reports, both fed from the sync by the lease holder, and the routes on them.

export interface InsightsDeps {
  readonly sessions: SessionManager;
  readonly users: UserDirectory;
  readonly cookieName: string;
  readonly live: LiveService | null;
  readonly database: TeamStore | null;
  readonly team: Team;
  readonly clock: () => number;
  readonly importCallsPerSecond: number;
  readonly searchBackfillEveryMs: number;
  /** How long each writer waits for its last write at shutdown (ms). */
  readonly shutdownFlushMs: number;
}

export function registerInsights(app: FastifyInstance, deps: InsightsDeps): AnyBffHandlers {
  const { sessions, users, cookieName, live, database, team, clock } = deps;
  // Message search: the sync's messages indexed in the database, written by the lease holder.
  const searchRepo = database ? new SearchRepository(database.db) : null;
  const searchIndexer =
    live && searchRepo
      ? new SearchIndexer({
          repository: searchRepo,
          changes: live.changes.source('search index'),
          workspace: live.workspace,
          log: app.log,
          writes: () => live.lease.held,
          closeTimeoutMs: deps.shutdownFlushMs,
        })
      : null;
  if (searchIndexer) app.addHook('onClose', async () => searchIndexer.stop());
  // Older history than the sync reads, a page at a time, by the lease holder.
  if (live && searchRepo) {
    const backfill = new SearchBackfill({
      repository: searchRepo,
      // Within the sync's upstream budget (SYNC_CALLS_PER_MINUTE), as its own catch-ups.
      reader: live.engine.catchUpReader,
      workspace: live.workspace,
      log: app.log,
      writes: () => live.lease.held,
      everyMs: deps.searchBackfillEveryMs,
    });
    backfill.start();
    app.addHook('onClose', async () => backfill.stop());
  }
  // History for reports, recorded from the sync by the lease holder.
  const historyRepo = database ? new HistoryRepository(database.db) : null;
  const historyRecorder =
    live && historyRepo
      ? new HistoryRecorder({
          repository: historyRepo,
          changes: live.changes.source('history'),
          workspace: live.workspace,
          log: app.log,
          writes: () => live.lease.held,
          clock,
          closeTimeoutMs: deps.shutdownFlushMs,
        })
      : null;
  if (historyRecorder) app.addHook('onClose', async () => historyRecorder.stop());
  const reports = registerReportRoutes(app, {
    sessions,
    users,
    cookieName,
    history: historyRepo,
    workspace: live?.workspace ?? null,
    people: [...team.members, ...team.aiAgents],
    clock,
  });
  const exportFiles = registerExportRoutes(app, {
    sessions,
    users,
    cookieName,
    workspace: live?.workspace ?? null,
    members: team.members,
    clock,
  });
  const imports = registerImports(app, deps);
  const search = registerSearchRoutes(app, {
    sessions,
    users,
    cookieName,
    repository: searchRepo,
    workspace: live?.workspace ?? null,
  });
  return { ...reports, ...exportFiles, ...imports, ...search };
}
