import type { FastifyInstance } from 'fastify';
import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import type { TeamStore } from '../store/open-store';
import type { LiveService } from '../sync/live-service';
import { ImportRepository } from './import-repository';
import { importHandlers } from './import-routes';
import { ImportRunner } from './import-runner';

// CSV import's parts, wired: the jobs in the database, the runner that sends them upstream with
// the BFF's key (needs the workspace tables for duplicates), and the routes' handlers (registered
// with the BFF's other routes; without the database or the live workspace they answer 503). Jobs
// left running by an instance that stopped are taken over at start and then every minute.

export interface ImportsDeps {
  readonly live: LiveService | null;
  readonly database: TeamStore | null;
  readonly clock: () => number;
  /** The runner's pace of upstream calls. */
  readonly importCallsPerSecond: number;
}

const ADOPT_EVERY_MS = 60_000;

export function registerImports(app: FastifyInstance, deps: ImportsDeps): AnyBffHandlers {
  const { live, database, clock } = deps;
  if (!live || !database) return {};
  const repository = new ImportRepository(database.db);
  const runner = new ImportRunner({
    repository,
    upstream: live.upstream,
    workspace: live.workspace,
    publish: (events) => live.publish(events.map((event) => ({ event }))),
    log: app.log,
    clock,
    callsPerSecond: deps.importCallsPerSecond,
  });
  const adopt = () =>
    void runner.adoptOrphans().catch((err: unknown) => app.log.warn({ err }, 'import take-over failed'));
  const timer = setInterval(adopt, ADOPT_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => adopt());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await runner.close();
  });
  return importHandlers({ repository, runner, workspace: live.workspace, clock });
}
