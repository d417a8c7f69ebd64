import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

const full = {
  SOCIAL_BASE_URL: 'https://social.example.com/api',
  CRM_BASE_URL: 'https://crm.example.com/api/',
  API_KEY: 'k-123',
  TENANT_ID: '11111111-1111-4111-8111-111111111111',
  USERS_FILE: '/etc/bff/users.json',
};

const errorOf = (env: Record<string, string>): ConfigError => {
  try {
    parseConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
};

describe('parseConfig', () => {
  it('runs in demo mode when neither base URL is set, with the defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      demo: true,
      upstream: null,
      port: 8080,
      host: '127.0.0.1',
      upstreamTimeoutMs: 15000,
      staticDir: 'dist',
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it("has today's limits and sensible connection limits as defaults", () => {
    const config = parseConfig({});
    expect(config.limits).toEqual({
      apiRatePerSecond: 20,
      apiBurst: 100,
      loginAttemptsPerAccount: 5,
      loginAttemptsPerAddress: 5,
      loginWindowMs: 900_000,
      loginConcurrency: 2,
      loginQueue: 32,
    });
    expect(config.timeouts).toEqual({
      headersMs: 10_000,
      requestMs: 30_000,
      socketIdleMs: 90_000,
      keepAliveMs: 72_000,
    });
    expect(config.readyProbeIntervalMs).toBe(10_000);
    expect(config.redisTimeoutMs).toBe(1000);
  });

  it('reads every limit from the environment', () => {
    const config = parseConfig({
      API_RATE_PER_SECOND: '2.5',
      API_BURST: '7',
      LOGIN_ATTEMPTS_PER_ACCOUNT: '3',
      LOGIN_ATTEMPTS_PER_ADDRESS: '50',
      LOGIN_WINDOW_MS: '60000',
      LOGIN_CONCURRENCY: '1',
      LOGIN_QUEUE: '0',
      READY_PROBE_INTERVAL_MS: '30000',
      REDIS_TIMEOUT_MS: '250',
      HEADERS_TIMEOUT_MS: '5000',
      REQUEST_TIMEOUT_MS: '5000',
      SOCKET_IDLE_TIMEOUT_MS: '120000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
    });
    expect(config.limits).toEqual({
      apiRatePerSecond: 2.5,
      apiBurst: 7,
      loginAttemptsPerAccount: 3,
      loginAttemptsPerAddress: 50,
      loginWindowMs: 60_000,
      loginConcurrency: 1,
      loginQueue: 0,
    });
    expect(config.timeouts).toEqual({
      headersMs: 5000,
      requestMs: 5000,
      socketIdleMs: 120_000,
      keepAliveMs: 65_000,
    });
    expect(config.readyProbeIntervalMs).toBe(30_000);
    expect(config.redisTimeoutMs).toBe(250);
  });

  it.each([
    [{ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' }, 'REQUEST_TIMEOUT_MS'],
    [{ UPSTREAM_TIMEOUT_MS: '90000', SOCKET_IDLE_TIMEOUT_MS: '90000' }, 'SOCKET_IDLE_TIMEOUT_MS'],
    // Shorter than the live stream's heartbeat would cut an idle stream.
    [{ SOCKET_IDLE_TIMEOUT_MS: '20000' }, 'SOCKET_IDLE_TIMEOUT_MS'],
  ] as const)('refuses limits that contradict each other: %o names %s', (env, name) => {
    const err = errorOf(env);
    expect(err.variable).toBe(name);
  });

  it('reads a full upstream configuration and trims a trailing slash', () => {
    const config = parseConfig({ ...full, PORT: '9000', UPSTREAM_TIMEOUT_MS: '500' });
    expect(config.demo).toBe(false);
    expect(config.port).toBe(9000);
    expect(config.upstreamTimeoutMs).toBe(500);
    expect(config.upstream).toEqual({
      socialBaseUrl: 'https://social.example.com/api',
      crmBaseUrl: 'https://crm.example.com/api',
      apiKey: 'k-123',
      tenantId: full.TENANT_ID,
    });
  });

  it.each(['CRM_BASE_URL', 'API_KEY', 'TENANT_ID', 'SOCIAL_BASE_URL', 'USERS_FILE'] as const)(
    'names %s when it is missing while a base URL is set',
    (name) => {
      const env: Record<string, string> = { ...full };
      delete env[name];
      const err = errorOf(env);
      expect(err.variable).toBe(name);
      expect(err.message).toContain(name);
    },
  );

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['UPSTREAM_TIMEOUT_MS', '-1'],
    ['TENANT_ID', 'not-a-uuid'],
    ['SOCIAL_BASE_URL', 'ftp://x.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'http://nope'],
    ['API_RATE_PER_SECOND', '0'],
    ['API_BURST', '1.5'],
    ['LOGIN_ATTEMPTS_PER_ACCOUNT', '0'],
    ['LOGIN_ATTEMPTS_PER_ADDRESS', 'many'],
    ['LOGIN_WINDOW_MS', '999'],
    ['LOGIN_CONCURRENCY', '65'],
    ['LOGIN_QUEUE', '-1'],
    ['READY_PROBE_INTERVAL_MS', '10'],
    ['REDIS_TIMEOUT_MS', '0'],
    ['HEADERS_TIMEOUT_MS', 'x'],
    ['REQUEST_TIMEOUT_MS', '50'],
    ['KEEP_ALIVE_TIMEOUT_MS', '-5'],
    ['SHUTDOWN_FLUSH_MS', '-1'],
    ['AVAILABILITY_AWAY_AFTER_MINUTES', '0'],
    ['AVAILABILITY_AWAY_AFTER_MINUTES', '1441'],
    ['AVAILABILITY_AWAY_AFTER_MINUTES', '2.5'],
    ['AVAILABILITY_AWAY_AFTER_MINUTES', 'soon'],
  ])('names %s when its value %s is bad', (name, value) => {
    const err = errorOf({ ...full, [name]: value });
    expect(err.variable).toBe(name);
    expect(err.message).toContain(name);
  });

  it('waits 5 s for the database writers at shutdown, unless SHUTDOWN_FLUSH_MS says otherwise', () => {
    expect(parseConfig(full).database.shutdownFlushMs).toBe(5000);
    expect(parseConfig({ ...full, SHUTDOWN_FLUSH_MS: '1500' }).database.shutdownFlushMs).toBe(1500);
  });

  it('counts a person Away after 10 minutes without a tab, unless AVAILABILITY_AWAY_AFTER_MINUTES says otherwise', () => {
    expect(parseConfig(full).availabilityAwayAfterMinutes).toBe(10);
    expect(parseConfig({ ...full, AVAILABILITY_AWAY_AFTER_MINUTES: '1' }).availabilityAwayAfterMinutes).toBe(1);
    expect(parseConfig({ ...full, AVAILABILITY_AWAY_AFTER_MINUTES: '1440' }).availabilityAwayAfterMinutes).toBe(
      1440,
    );
  });

  it('never puts the API key value in its message', () => {
    const err = errorOf({ ...full, API_KEY: '', TENANT_ID: 'bad' });
    expect(err.message).not.toContain('k-123');
    const err2 = errorOf({ SOCIAL_BASE_URL: full.SOCIAL_BASE_URL, API_KEY: 'super-secret' });
    expect(err2.message).not.toContain('super-secret');
  });
});
