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
  ])('names %s when its value %s is bad', (name, value) => {
    const err = errorOf({ ...full, [name]: value });
    expect(err.variable).toBe(name);
    expect(err.message).toContain(name);
  });

  it('never puts the API key value in its message', () => {
    const err = errorOf({ ...full, API_KEY: '', TENANT_ID: 'bad' });
    expect(err.message).not.toContain('k-123');
    const err2 = errorOf({ SOCIAL_BASE_URL: full.SOCIAL_BASE_URL, API_KEY: 'super-secret' });
    expect(err2.message).not.toContain('super-secret');
  });
});
