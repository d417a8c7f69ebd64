import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import type { FastifyInstance } from 'fastify';
import type { InsightsDeps } from '../insights';
import { ImportRepository } from './import-repository';
import { registerImportRoutes } from './import-routes';
import { ImportRunner } from './import-runner';

// CSV import's parts, wired: the jobs in the database, the runner that sends them upstream with
// the BFF's key (needs the workspace tables for duplicates), and the routes. Jobs left running by an
// instance that stopped are taken over at start and then every minute.

const ADOPT_EVERY_MS = 60_000;

export function registerImports(app: FastifyInstance, deps: InsightsDeps): AnyBffHandlers {
  const { live, database, clock } = deps;
  const repository = database ? new ImportRepository(database.db) : null;
  const runner =
    live && repository
      ? new ImportRunner({
          repository,
          upstream: live.upstream,
          workspace: live.workspace,
          publish: (events) => live.publish(events.map((event) => ({ event }))),
          log: app.log,
          clock,
          callsPerSecond: deps.importCallsPerSecond,
        })
      : null;
  if (runner) {
    const adopt = () =>
      void runner.adoptOrphans().catch((err: unknown) => app.log.warn({ err }, 'import take-over failed'));
    const timer = setInterval(adopt, ADOPT_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => adopt());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await runner.close();
    });
  }
  registerImportRoutes(app, {
    sessions: deps.sessions,
    users: deps.users,
    cookieName: deps.cookieName,
    repository,
    runner,
    workspace: live?.workspace ?? null,
    clock,
  });
  return {};
}
