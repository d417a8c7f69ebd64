import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { startFakeUpstream } from '../../mocks/http';
import { ACME_TENANT } from '../../mocks/team';
import { buildApp } from './app';
import { ConfigError, isLoopbackHost, type Config, type UpstreamConfig } from './config';
import { demoUserDirectory, loadUsersFile } from './auth/users';
import { createLogger } from './logger';
import { DEMO_TEAM, EMPTY_TEAM, loadTeamFile, type Team } from './team';
import { openConfiguredStore } from './store/configured-store';

// The fake's seeded full-access key for the Acme workspace (decisions.md). A fixture of the demo,
// never logged.
const DEMO_API_KEY = 'demo-admin-key';

export interface RunningBff {
  readonly app: FastifyInstance;
  /** The origin the BFF listens on. */
  readonly origin: string;
  close(): Promise<void>;
}

/** Resolves the upstream (starting the embedded fake in demo mode), builds the app and listens. */
export async function startBff(
  config: Config,
  opts: { logStream?: DestinationStream } = {},
): Promise<RunningBff> {
  const log = createLogger(config.logLevel, opts.logStream);
  if (config.redisUrl !== undefined && config.database.url === undefined) {
    throw new ConfigError(
      'DATABASE_URL',
      'is required when REDIS_URL is set: instances that share Redis must share one PostgreSQL (an embedded database serves one process)',
    );
  }
  let upstream: UpstreamConfig;
  let stopDemo: (() => Promise<void>) | undefined;
  if (config.upstream) {
    upstream = config.upstream;
  } else {
    if (!isLoopbackHost(config.host)) {
      throw new ConfigError(
        'HOST',
        'must be a loopback address in demo mode (its users and passwords are public)',
      );
    }
    const fake = await startFakeUpstream({ host: '127.0.0.1', port: 0, chatter: true });
    upstream = {
      socialBaseUrl: fake.socialBase,
      crmBaseUrl: fake.crmBase,
      apiKey: DEMO_API_KEY,
      tenantId: ACME_TENANT,
    };
    stopDemo = () => fake.close();
    log.info(
      { fakeUpstream: fake.origin },
      'demo mode: serving the embedded fake upstream with its Acme workspace',
    );
  }
  const team: Team = config.teamFile ? loadTeamFile(config.teamFile) : config.demo ? DEMO_TEAM : EMPTY_TEAM;
  // parseConfig requires USERS_FILE outside demo mode.
  const users = config.usersFile ? loadUsersFile(config.usersFile) : await demoUserDirectory();
  let database: Awaited<ReturnType<typeof openConfiguredStore>>;
  try {
    database = await openConfiguredStore(config.database, log);
  } catch (err) {
    await stopDemo?.();
    throw err;
  }
  let app: FastifyInstance;
  try {
    // Every deployment runs the live workspace: one upstream reader, pushed to every browser.
    app = await buildApp({
      config,
      upstream,
      team,
      users,
      logStream: opts.logStream,
      live: {},
      database: database.store,
    });
  } catch (err) {
    await database.close();
    await stopDemo?.();
    throw err;
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    await database.close();
    await stopDemo?.();
    throw err;
  }
  app.log.info(
    { demo: config.demo, staticDir: config.staticDir },
    config.demo ? 'BFF listening in demo mode' : 'BFF listening',
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const hostPart = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    origin: `http://${hostPart}:${port}`,
    close: async () => {
      // The app first: its audit writer makes a last write before the database closes.
      await app.close();
      await database.close();
      await stopDemo?.();
    },
  };
}
