import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './security/rate-limits';
import { LIVE_ENV, liveSettingsFrom, type LiveSettings } from './sync/live-settings';

// The environment is read once, at start-up. Secrets have no defaults: a real deployment names its
// upstream, key and tenant, or it names none of them and runs the demo on the embedded fake.

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const emptyAsUndefined = (v: unknown): unknown => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const httpUrl = z
  .url({ protocol: /^https?$/ })
  .transform((u) => u.replace(/\/+$/, ''))
  .refine((u) => !/[?#]/.test(u), 'must not carry a query or fragment');
const booleanFlag = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

const whole = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

const L = DEFAULT_RATE_LIMITS;

// Connection limits, so a slow client cannot hold sockets open. Node's headersTimeout and
// requestTimeout cover *receiving* a request (headers, then the whole body); they never cut a
// response still being sent, such as the live event stream (GET /bff/events). The socket idle
// timeout cuts anything silent in both directions, so it must outlast the stream's heartbeat
// (every 15 to 25 s, hence at least 30 s) and an upstream call still running
// (UPSTREAM_TIMEOUT_MS).
const STREAM_HEARTBEAT_BOUND_MS = 30_000;

const EnvSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('127.0.0.1')),
  SOCIAL_BASE_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  CRM_BASE_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  API_KEY: optionalString,
  TENANT_ID: z.preprocess(emptyAsUndefined, z.guid().optional()),
  UPSTREAM_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(600_000).default(15_000),
  ),
  STATIC_DIR: z.preprocess(emptyAsUndefined, z.string().default('dist')),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(LOG_LEVELS).default('info')),
  TEAM_FILE: optionalString,
  USERS_FILE: optionalString,
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  TRUST_PROXY: booleanFlag,
  API_RATE_PER_SECOND: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().positive().max(1_000_000).default(L.apiRatePerSecond),
  ),
  API_BURST: whole(1, 1_000_000, L.apiBurst),
  LOGIN_ATTEMPTS_PER_ACCOUNT: whole(1, 1000, L.loginAttemptsPerAccount),
  LOGIN_ATTEMPTS_PER_ADDRESS: whole(1, 1_000_000, L.loginAttemptsPerAddress),
  LOGIN_WINDOW_MS: whole(1000, 86_400_000, L.loginWindowMs),
  LOGIN_CONCURRENCY: whole(1, 64, L.loginConcurrency),
  LOGIN_QUEUE: whole(0, 100_000, L.loginQueue),
  READY_PROBE_INTERVAL_MS: whole(1000, 3_600_000, 10_000),
  REDIS_TIMEOUT_MS: whole(50, 60_000, 1000),
  HEADERS_TIMEOUT_MS: whole(100, 600_000, 10_000),
  REQUEST_TIMEOUT_MS: whole(100, 3_600_000, 30_000),
  SOCKET_IDLE_TIMEOUT_MS: whole(STREAM_HEARTBEAT_BOUND_MS, 3_600_000, 90_000),
  KEEP_ALIVE_TIMEOUT_MS: whole(1000, 600_000, 72_000),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: optionalString,
  DATABASE_TIMEOUT_MS: whole(100, 600_000, 5000),
  SHUTDOWN_FLUSH_MS: whole(0, 600_000, 5000),
  AUDIT_RETENTION_DAYS: whole(1, 36_500, 90),
  SEARCH_BACKFILL_EVERY_MS: whole(0, 3_600_000, 2_000),
  IMPORT_CALLS_PER_SECOND: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(1000).default(10)),
  AVAILABILITY_AWAY_AFTER_MINUTES: whole(1, 1440, 10),
  ...LIVE_ENV,
});

export interface UpstreamConfig {
  readonly socialBaseUrl: string;
  readonly crmBaseUrl: string;
  readonly apiKey: string;
  readonly tenantId: string;
}

/** How long a client may take (ms); see the comment above EnvSchema. */
export interface ServerTimeouts {
  /** All request headers must arrive within this (Node's headersTimeout). */
  readonly headersMs: number;
  /** The whole request, body included, must arrive within this (Node's requestTimeout). */
  readonly requestMs: number;
  /** A socket with no traffic either way is closed after this (Fastify's connectionTimeout). */
  readonly socketIdleMs: number;
  /** An idle keep-alive connection between requests is closed after this. */
  readonly keepAliveMs: number;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Null in demo mode: main.ts fills it from the embedded fake upstream. */
  readonly upstream: UpstreamConfig | null;
  readonly demo: boolean;
  readonly upstreamTimeoutMs: number;
  readonly staticDir: string;
  readonly logLevel: LogLevel;
  readonly teamFile: string | undefined;
  readonly usersFile: string | undefined;
  readonly redisUrl: string | undefined;
  readonly trustProxy: boolean;
  readonly limits: RateLimits;
  readonly timeouts: ServerTimeouts;
  /** /readyz probes the upstream at most once per this interval and shares the answer. */
  readonly readyProbeIntervalMs: number;
  /** A Redis command (or connection attempt) that takes longer fails, so requests answer 503. */
  readonly redisTimeoutMs: number;
  /** The sync, the event bus and the stream (README, "Live updates"). */
  readonly live: LiveSettings;
  /** The team's own data (README, "Data and backups"). */
  readonly database: DatabaseSettings;
  /** Audit entries older than this many days are purged. */
  readonly auditRetentionDays: number;
  /** The search index reads one page of older history per interval; 0: off (README). */
  readonly searchBackfillEveryMs: number;
  /** CSV imports send at most this many upstream calls a second (README, "Import"). */
  readonly importCallsPerSecond: number;
  /** Whoever has had no tab open for this many minutes counts as Away (README, "Availability"). */
  readonly availabilityAwayAfterMinutes: number;
}

export interface DatabaseSettings {
  /** A PostgreSQL server; absent: the embedded database in dataDir. Secret (it holds a password). */
  readonly url: string | undefined;
  /** The embedded database's directory; null: a fresh temporary one (the demo, unless DATA_DIR). */
  readonly dataDir: string | null;
  /** A query or connection attempt that takes longer fails (503), so none hangs. */
  readonly timeoutMs: number;
  /** At shutdown each writer (audit, search index, history) waits at most this long for its last
   *  write, then logs what it could not write (README). */
  readonly shutdownFlushMs: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

const SECRET_VARS = new Set(['API_KEY', 'DATABASE_URL']);

/** Parses the environment; throws a ConfigError naming the first bad or missing variable. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    // A secret's value never reaches a message, even a malformed one.
    const detail = SECRET_VARS.has(variable) ? 'is invalid' : issue.message;
    throw new ConfigError(variable, detail);
  }
  const e = parsed.data;
  if (e.REQUEST_TIMEOUT_MS < e.HEADERS_TIMEOUT_MS) {
    throw new ConfigError('REQUEST_TIMEOUT_MS', 'must not be shorter than HEADERS_TIMEOUT_MS');
  }
  if (e.SOCKET_IDLE_TIMEOUT_MS <= e.UPSTREAM_TIMEOUT_MS) {
    throw new ConfigError('SOCKET_IDLE_TIMEOUT_MS', 'must be longer than UPSTREAM_TIMEOUT_MS');
  }
  const demo = e.SOCIAL_BASE_URL === undefined && e.CRM_BASE_URL === undefined;
  let upstream: UpstreamConfig | null = null;
  if (!demo) {
    const required = ['SOCIAL_BASE_URL', 'CRM_BASE_URL', 'API_KEY', 'TENANT_ID', 'USERS_FILE'] as const;
    for (const name of required) {
      if (e[name] === undefined) {
        throw new ConfigError(name, 'is required when SOCIAL_BASE_URL or CRM_BASE_URL is set');
      }
    }
    upstream = {
      socialBaseUrl: e.SOCIAL_BASE_URL!,
      crmBaseUrl: e.CRM_BASE_URL!,
      apiKey: e.API_KEY!,
      tenantId: e.TENANT_ID!,
    };
  }
  return {
    port: e.PORT,
    host: e.HOST,
    upstream,
    demo,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    staticDir: e.STATIC_DIR,
    logLevel: e.LOG_LEVEL,
    teamFile: e.TEAM_FILE,
    usersFile: e.USERS_FILE,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    limits: {
      apiRatePerSecond: e.API_RATE_PER_SECOND,
      apiBurst: e.API_BURST,
      loginAttemptsPerAccount: e.LOGIN_ATTEMPTS_PER_ACCOUNT,
      loginAttemptsPerAddress: e.LOGIN_ATTEMPTS_PER_ADDRESS,
      loginWindowMs: e.LOGIN_WINDOW_MS,
      loginConcurrency: e.LOGIN_CONCURRENCY,
      loginQueue: e.LOGIN_QUEUE,
    },
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      socketIdleMs: e.SOCKET_IDLE_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    readyProbeIntervalMs: e.READY_PROBE_INTERVAL_MS,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    live: liveSettingsFrom(e),
    database: {
      url: e.DATABASE_URL,
      dataDir: e.DATA_DIR ?? (demo ? null : './data'),
      timeoutMs: e.DATABASE_TIMEOUT_MS,
      shutdownFlushMs: e.SHUTDOWN_FLUSH_MS,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    importCallsPerSecond: e.IMPORT_CALLS_PER_SECOND,
    searchBackfillEveryMs: e.SEARCH_BACKFILL_EVERY_MS,
    availabilityAwayAfterMinutes: e.AVAILABILITY_AWAY_AFTER_MINUTES,
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);
export const isLoopbackHost = (host: string): boolean => LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
