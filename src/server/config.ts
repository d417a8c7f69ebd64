import { z } from 'zod';

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
});

export interface UpstreamConfig {
  readonly socialBaseUrl: string;
  readonly crmBaseUrl: string;
  readonly apiKey: string;
  readonly tenantId: string;
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

const SECRET_VARS = new Set(['API_KEY']);

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
  };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);
export const isLoopbackHost = (host: string): boolean => LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
