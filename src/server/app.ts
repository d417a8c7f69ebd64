import type { Kysely } from 'kysely';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { Agent, type Dispatcher } from 'undici';
import { sendBffError, sendRetryLater } from './bff-error';
import type { Config, UpstreamConfig } from './config';
import { registerHealth } from './health';
import { createLogger } from './logger';
import { registerProxy } from './proxy/proxy';
import { registerStatic } from './static-files';
import { registerResponseCompression } from './response-compression';
import { registerAuth, sessionHandlers } from './auth/auth-plugin';
import { SessionManager } from './auth/sessions';
import type { UserDirectory } from './auth/users';
import { cookiePolicy } from './security/cookie-policy';
import { registerSecurityHeaders, SECURITY_HEADER_ENTRIES } from './security/headers';
import type { RateLimits } from './security/rate-limits';
import { MemoryStore } from './kv/memory-store';
import { RedisStore } from './kv/redis-store';
import { StoreUnavailableError, type Store } from './kv/store';
import { registerLive, type LiveDeps } from './sync/live-app';
import { screenHandlers } from './screens/screen-routes';
import { registerBffRoutes } from './bff-routes/register-bff-routes';
import type { BffNeed } from '../contract/routes';
import { workspaceHandlers } from './screens/workspace-route';
import { ownDataOf } from './screens/workspace-own-data';
import { teamOf } from './auth/team';
import type { Team } from './team';
import { AuditLog, registerAuditRecording } from './audit/audit-log';
import { auditHandlers } from './audit/audit-routes';
import { ReadMarks } from './unread/read-marks';
import { ReadMarksRepository } from './unread/read-marks-repository';
import { unreadHandlers } from './unread/unread-routes';
import { NotesRepository } from './notes/notes-repository';
import { registerInsights } from './insights';
import { notesHandlers } from './notes/notes-routes';
import { presenceHandlers } from './presence/presence-route';
import { preferencesHandlers } from './preferences/preferences-routes';
import { reloadHandlers } from './sync/reload-route';
import { JobControls } from './jobs/job-controls';
import { QUEUES, JobQueue } from './jobs/job-queue';
import { jobHandlers } from './jobs/job-routes';
import { registerBulk } from './bulk/register-bulk';
import { startReminders } from './reminders/register-reminders';
import { startAvailability } from './availability/register-availability';
import { startLabels } from './labels/register-labels';
import { startSla } from './sla/register-sla';
import { startAssignment } from './assignment/register-assignment';
import { registerScheduled } from './scheduled/register-scheduled';
import { SnoozeRepository } from './snooze/snooze-repository';
import { snoozeHandlers } from './snooze/snooze-routes';
import { SnoozeService } from './snooze/snooze-service';
import type { TeamStore } from './store/open-store';
import { storeReadiness } from './store/store-readiness';
import { DatabaseUnavailableError } from './store/store-errors';
import { idempotencyFor } from './idempotency/idempotency-for';

export interface AppDeps {
  readonly config: Config;
  /** The resolved upstream: the configured one, or the embedded fake's in demo mode. */
  readonly upstream: UpstreamConfig;
  /** AI agents and the assignable roster (TEAM_FILE, or the demo's). */
  readonly team: Team;
  /** Who may sign in (USERS_FILE, or the demo users). */
  readonly users: UserDirectory;
  /** Sessions and rate-limit counters; from REDIS_URL or in memory when absent. */
  readonly store?: Store;
  /** Epoch ms; tests move it to expire sessions. */
  readonly clock?: () => number;
  /** Overrides config.limits (benchmarks). */
  readonly rateLimits?: RateLimits;
  /** Where log lines go (tests capture them); stdout when absent. */
  readonly logStream?: DestinationStream;
  /** Shared upstream connection pool; created (and closed with the app) when absent. */
  readonly dispatcher?: Dispatcher;
  readonly readyTimeoutMs?: number;
  /** The live workspace (the sync, the event bus, GET /bff/events, the write-through); absent: the
   *  BFF only proxies (tests of other rooms). startBff always gives it. */
  readonly live?: LiveDeps;
  /** The team's own database (startBff opens it: DATABASE_URL or DATA_DIR; tests an in-memory one).
   *  Absent: nothing is kept, /bff/audit answers 503. The caller closes it after the app. */
  readonly database?: TeamStore;
  /** False: no job queue beside the database (the benchmark's yardstick for what the queue costs). */
  readonly jobQueue?: boolean;
}

/** Builds the BFF without listening, so tests drive it with inject() or a real port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const logger: FastifyBaseLogger = createLogger(config.logLevel, deps.logStream);
  const app = Fastify({
    loggerInstance: logger,
    // One line per request would cost more than the proxying itself; see onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    // One hop: only the TLS-terminating proxy in front is believed, so a client cannot spoof its
    // address (the sign-in throttle's key) or the protocol with its own X-Forwarded-* headers.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    routerOptions: { maxParamLength: 2048 },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    requestIdHeader: false,
    // Slow clients are cut off (config.ts says why these never cut the live event stream).
    connectionTimeout: config.timeouts.socketIdleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    requestTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // Node checks the two limits above this often (30 s by default, far too coarse).
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.timeouts.headersMs / 2)),
    },
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      // The hook's reply is generic over its route types; the plain reply is what it is at run time.
      const plain = reply as unknown as FastifyReply;
      // Malformed URLs are refused before the hooks run, so their headers are set here.
      for (const [name, value] of SECURITY_HEADER_ENTRIES) plain.header(name, value);
      sendBffError(plain, status, status === 400 ? 'Malformed request' : error.message);
    },
  });

  const ownDispatcher = deps.dispatcher === undefined;
  // One pool of keep-alive connections per upstream origin, shared by the proxy and readiness.
  const dispatcher =
    deps.dispatcher ??
    new Agent({
      connections: 128,
      pipelining: 1,
      keepAliveTimeout: 10_000,
      headersTimeout: config.upstreamTimeoutMs,
      bodyTimeout: config.upstreamTimeoutMs,
      connect: { timeout: Math.min(config.upstreamTimeoutMs, 10_000) },
    });
  if (ownDispatcher) app.addHook('onClose', async () => dispatcher.destroy());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StoreUnavailableError) {
      request.log.warn({ reason: error.message }, 'session store unavailable');
      return sendRetryLater(reply, 503, 5000, 'Sessions are unavailable: try again shortly');
    }
    if (error instanceof DatabaseUnavailableError) {
      request.log.warn({ reason: error.reason }, 'team database unavailable');
      return sendRetryLater(reply, 503, 5000, error.message);
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendBffError(reply, status, 'Internal error');
    }
    return sendBffError(reply, status, error.message);
  });

  // At the default level the per-request line is not even built.
  const perRequestLines = config.logLevel === 'debug' || config.logLevel === 'trace';
  if (perRequestLines)
    app.addHook('onResponse', (request, reply, done) => {
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });

  const clock = deps.clock ?? Date.now;
  let store = deps.store;
  if (store === undefined) {
    const own = config.redisUrl
      ? await RedisStore.open(config.redisUrl, { timeoutMs: config.redisTimeoutMs })
      : new MemoryStore(clock);
    app.addHook('onClose', async () => own.close());
    store = own;
  }

  registerSecurityHeaders(app);
  await registerResponseCompression(app);
  registerHealth(app, {
    upstream: deps.upstream,
    dispatcher,
    store,
    clock,
    intervalMs: config.readyProbeIntervalMs,
    readyTimeoutMs: deps.readyTimeoutMs,
    ...(deps.database ? { databaseReady: storeReadiness(deps.database, app.log) } : {}),
  });
  const audit = new AuditLog(deps.database ?? null, {
    log: app.log,
    clock,
    retentionDays: config.auditRetentionDays,
    writer: { closeTimeoutMs: config.database.shutdownFlushMs },
    roster: teamOf(deps.users, deps.team.members, deps.team.aiAgents),
  });
  const sessions = new SessionManager(store, clock);
  const cookie = cookiePolicy(config);
  const guard = await registerAuth(app, {
    users: deps.users,
    sessions,
    store,
    cookie,
    limits: deps.rateLimits ?? config.limits,
    clock,
    onAuthEvent: (request, event, user, status) => audit.recordAuth(request, event, user, status),
  });
  registerAuditRecording(app, audit);
  const live = deps.live
    ? await registerLive(app, {
        ...deps,
        live: deps.live,
        database: deps.database,
        store,
        sessions,
        dispatcher,
        clock,
        cookieName: cookie.name,
      })
    : null;
  await registerProxy(app, {
    upstream: deps.upstream,
    timeoutMs: config.upstreamTimeoutMs,
    dispatcher,
    guard,
    ...(live ? { onWrite: live.onWrite } : {}),
    ...idempotencyFor(deps.database, {
      upstream: deps.upstream,
      dispatcher,
      timeoutMs: config.upstreamTimeoutMs,
      clock,
      log: app.log,
    }),
  });
  // Unread per agent needs both the workspace tables (what came in) and the database (what was read).
  const unread =
    live && deps.database
      ? new ReadMarks({
          repository: new ReadMarksRepository(deps.database.db),
          workspace: live.workspace,
          bus: live.bus,
          clock,
        })
      : null;
  const notesRepo = deps.database ? new NotesRepository(deps.database.db) : null;
  // Work that happens later (a snoozed thread waking) runs on the job queue in the BFF's database,
  // worked by every instance; each job runs on one.
  const jobs =
    deps.database && deps.jobQueue !== false
      ? new JobQueue(deps.database.db as Kysely<unknown>, { log: app.log })
      : null;
  if (jobs) {
    await jobs.start();
    app.addHook('onClose', async () => jobs.stop());
  }
  const snoozeRepo = deps.database ? new SnoozeRepository(deps.database.db) : null;
  const snoozes =
    live && jobs && snoozeRepo
      ? new SnoozeService({
          repository: snoozeRepo,
          workspace: live.workspace,
          jobs,
          bus: live.bus,
          marks: unread,
          users: deps.users.users,
          clock,
          log: app.log,
        })
      : null;
  await snoozes?.start();
  // What a person may do with each kind of job on the jobs page: each feature registers its own.
  const jobControls = jobs ? new JobControls() : null;
  if (snoozes)
    jobControls?.register(QUEUES.snoozeWake, {
      // Cancelling a wake ends the snooze now: the thread is never left snoozed without its job.
      cancel: async (data) => {
        const { conversationId } = data as { conversationId?: unknown };
        return typeof conversationId === 'string' && (await snoozes.wake(conversationId)).ok;
      },
    });
  // Scheduled sends: kept in the BFF's database, sent from the job queue on any instance.
  const scheduledSends = await registerScheduled({
    database: deps.database,
    jobs,
    live,
    controls: jobControls,
    clock,
    log: app.log,
  });
  // Reminders people set on threads and leads, fired from the job queue at their time.
  const reminders =
    live && jobs && deps.database
      ? await startReminders({
          db: deps.database.db,
          workspace: live.workspace,
          jobs,
          bus: live.bus,
          clock,
          log: app.log,
          controls: jobControls,
        })
      : null;
  // Who is Available, Busy or Away: choices kept in the database, tabs followed on the live stream.
  const availability =
    live && deps.database
      ? await startAvailability({
          db: deps.database.db,
          hub: live.hub,
          bus: live.bus,
          jobs,
          users: deps.users.users,
          clock,
          awayAfterMinutes: config.availabilityAwayAfterMinutes,
          touchEveryMs: config.live.stream.heartbeatMs,
          log: app.log,
        })
      : null;
  if (availability) app.addHook('onClose', async () => availability.stop());
  // The team's labels on threads and the inbox views people save, kept in the database.
  const labels =
    live && deps.database
      ? startLabels({
          db: deps.database.db,
          bus: live.bus,
          clock,
          unreadThreadsFor: unread ? (username) => unread.unreadThreadsSqlFor(username) : null,
          snoozes: snoozeRepo !== null,
        })
      : null;
  // Business hours and SLA policies in the database; each open thread's clocks followed from the
  // workspace's changes by the lease holder, breaches told from the job queue.
  const sla = deps.database
    ? await startSla({
        db: deps.database.db,
        live: live
          ? {
              changes: live.changes.source('sla'),
              bus: live.bus,
              workspace: live.workspace,
              writes: () => live.lease.held,
            }
          : null,
        jobs,
        users: deps.users.users,
        people: [...deps.team.members, ...deps.team.aiAgents],
        clock,
        log: app.log,
      })
    : null;
  if (sla) app.addHook('onClose', async () => sla.stop());
  // Assignment rules: threads handed out per channel from the job queue, following the change feed.
  const assignment =
    live && deps.database && jobs
      ? await startAssignment({
          db: deps.database.db,
          jobs,
          workspace: live.workspace,
          changes: live.changes.source('assignment'),
          upstream: live.upstream,
          publish: (events) => live.publish(events.map((event) => ({ event }))),
          audit,
          users: deps.users.users,
          awayAfterMinutes: config.availabilityAwayAfterMinutes,
          clock,
          log: app.log,
        })
      : null;
  if (assignment) app.addHook('onClose', async () => assignment.stop());
  // Bulk actions on threads and leads: runs kept in the database, worked a slice at a time on the queue.
  const bulk = registerBulk(app, {
    live,
    database: deps.database ?? null,
    jobs,
    controls: jobControls,
    snoozes,
    users: deps.users,
    members: deps.team.members,
    clock,
    callsPerSecond: config.importCallsPerSecond,
  });
  const insights = registerInsights(app, {
    live,
    database: deps.database ?? null,
    jobs,
    controls: jobControls,
    team: deps.team,
    clock,
    importCallsPerSecond: config.importCallsPerSecond,
    searchBackfillEveryMs: config.searchBackfillEveryMs,
    shutdownFlushMs: config.database.shutdownFlushMs,
  });
  // The BFF's own routes (src/contract/routes/bff-table.ts), each room's handlers when it has
  // what it needs; the others answer 503.
  const available = new Set<BffNeed>([
    ...(deps.database ? (['database'] as const) : []),
    ...(live ? (['live'] as const) : []),
    ...(jobs ? (['queue'] as const) : []),
  ]);
  const team = teamOf(deps.users, deps.team.members, deps.team.aiAgents);
  registerBffRoutes(app, {
    guard,
    available,
    handlers: {
      ...sessionHandlers({ team }),
      ...workspaceHandlers({
        team,
        workspace: live?.workspace ?? null,
        ...(live ? { streamPosition: () => live.bus.lastId() } : {}),
        ...(deps.database
          ? { ownData: ownDataOf(deps.database, unread, notesRepo, live?.workspace ?? null, app.log) }
          : {}),
      }),
      ...(live ? reloadHandlers({ live }) : {}),
      ...(unread ? unreadHandlers({ marks: unread }) : {}),
      ...(deps.database ? preferencesHandlers({ db: deps.database.db }) : {}),
      ...presenceHandlers({ bus: live?.bus ?? null, workspace: live?.workspace ?? null, clock }),
      ...(audit.repository ? auditHandlers(audit, audit.repository) : {}),
      ...insights,
      ...(live
        ? screenHandlers({
            workspace: live.workspace,
            readThrough: live.readThrough,
            unread,
            notes: notesRepo,
            snoozes: snoozeRepo ? { repository: snoozeRepo, clock } : null,
          })
        : {}),
      ...(snoozes ? snoozeHandlers({ snoozes }) : {}),
      ...(jobs && jobControls ? jobHandlers({ jobs, controls: jobControls }) : {}),
      ...bulk,
      ...scheduledSends,
      ...(reminders ? reminders.handlers : {}),
      ...(availability ? availability.handlers : {}),
      ...(labels ? labels.handlers : {}),
      ...(sla ? sla.handlers : {}),
      ...(assignment ? assignment.handlers : {}),
      ...(notesRepo
        ? notesHandlers({
            users: deps.users,
            notes: notesRepo,
            bus: live?.bus ?? null,
            workspace: live?.workspace ?? null,
            clock,
          })
        : {}),
    },
  });
  registerStatic(app, config.staticDir, { sessionCookie: cookie.name });
  return app;
}
