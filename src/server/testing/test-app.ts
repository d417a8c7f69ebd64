import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { parseConfig, type Config } from '../config';
import { EMPTY_TEAM } from '../team';
import type { RecordingUpstream } from './recording-upstream';
import { testUsers } from './test-users';

export const TEST_KEY = 'test-secret-key-0123456789';
export const TEST_TENANT = '11111111-1111-4111-8111-111111111111';

/** Collects every log line the app writes, to assert on what it said and never said. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    this.lines.push(chunk.toString('utf8'));
    cb();
  }
  text(): string {
    return this.lines.join('');
  }
}

export function testConfig(
  upstream: Pick<RecordingUpstream, 'socialBase' | 'crmBase'>,
  env: Record<string, string> = {},
): Config {
  return parseConfig({
    SOCIAL_BASE_URL: upstream.socialBase,
    CRM_BASE_URL: upstream.crmBase,
    API_KEY: TEST_KEY,
    TENANT_ID: TEST_TENANT,
    STATIC_DIR: '/nonexistent-static-dir',
    USERS_FILE: '/unused-users-file.json',
    LOG_LEVEL: 'info',
    ...env,
  });
}

export async function buildTestApp(
  upstream: Pick<RecordingUpstream, 'socialBase' | 'crmBase'>,
  options: { env?: Record<string, string>; logs?: LogCapture } & Partial<
    Omit<AppDeps, 'config' | 'upstream'>
  > = {},
): Promise<FastifyInstance> {
  const { env, logs, ...rest } = options;
  const config = testConfig(upstream, env);
  return buildApp({
    team: EMPTY_TEAM,
    users: await testUsers(),
    ...rest,
    config,
    upstream: config.upstream!,
    logStream: logs,
  });
}
