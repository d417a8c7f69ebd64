import type { AnyBffHandlers } from './bff-routes/bff-handlers';
import type { FastifyInstance } from 'fastify';
import { exportHandlers } from './exports/export-routes';
import { registerImports } from './imports/register-imports';
import type { JobControls } from './jobs/job-controls';
import type { JobQueue } from './jobs/job-queue';
import { HistoryRecorder } from './reports/history-recorder';
import { HistoryRepository } from './reports/history-repository';
import { reportHandlers } from './reports/report-routes';
import { SearchBackfill } from './search/search-backfill';
import { SearchIndexer } from './search/search-indexer';
import { SearchRepository } from './search/search-repository';
import { searchHandlers } from './search/search-routes';
import type { TeamStore } from './store/open-store';
import type { LiveService } from './sync/live-service';
import type { Team } from './team';

// Finding anything, seeing how the team does, taking data in and out (issue 15): the message index and
// the history for reports, both fed from the sync by the lease holder, and the routes on them.

export interface InsightsDeps {
  readonly live: LiveService | null;
  readonly database: TeamStore | null;
  /** The BFF's job queue (null without the database): CSV imports run on it. */
  readonly jobs: JobQueue | null;
  /** The jobs page's controls, which imports register with. */
  readonly controls: JobControls | null;
  readonly team: Team;
  readonly clock: () => number;
  readonly importCallsPerSecond: number;
  readonly searchBackfillEveryMs: number;
  /** How long each writer waits for its last write at shutdown (ms). */
  readonly shutdownFlushMs: number;
}

export function registerInsights(app: FastifyInstance, deps: InsightsDeps): AnyBffHandlers {
  const { live, database, team, clock } = deps;
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
  // Reports and search answer from the database and the live workspace; without either the BFF
  // answers their routes 503 (register-bff-routes.ts).
  const reports =
    historyRepo && live
      ? reportHandlers({
          history: historyRepo,
          workspace: live.workspace,
          people: [...team.members, ...team.aiAgents],
          clock,
        })
      : {};
  // Exports answer from the live workspace; imports keep their jobs in the database and run them
  // against the live workspace. Without what they need their routes answer 503.
  const exportFiles = live ? exportHandlers({ workspace: live.workspace, members: team.members, clock }) : {};
  const imports = registerImports(app, {
    live,
    database,
    jobs: deps.jobs,
    controls: deps.controls,
    clock,
    importCallsPerSecond: deps.importCallsPerSecond,
  });
  const search =
    searchRepo && live ? searchHandlers({ repository: searchRepo, workspace: live.workspace }) : {};
  return { ...reports, ...exportFiles, ...imports, ...search };
}
