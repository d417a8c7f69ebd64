import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type TeamStore } from '../store/open-store';
import { startTestPostgres, type TestPostgres } from '../testing/postgres-server';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { buildTestApp, LogCapture } from '../testing/test-app';
import { sameOriginHeaders, TEST_USERS } from '../testing/test-users';

// Issue 34: a shutdown waits for the audit log's last write at most SHUTDOWN_FLUSH_MS, then says
// how many entries it could not write. A hung database server (SIGSTOP) must not hold it.

let server: TestPostgres;
let upstream: RecordingUpstream;
let store: TeamStore;
beforeAll(async () => {
  server = await startTestPostgres();
  upstream = await startRecordingUpstream();
  // Queries wait far longer than the shutdown may: only the writer's deadline can end the wait.
  store = await openStore({ kind: 'postgres', url: await server.createDatabase() }, { timeoutMs: 120_000 });
}, 60_000);
afterAll(async () => {
  server?.resume();
  await store?.close();
  await server?.stop();
  await upstream?.close();
}, 60_000);

it('closes within SHUTDOWN_FLUSH_MS while the database hangs, and logs what the audit writer could not write', async () => {
  const logs = new LogCapture();
  const app = await buildTestApp(upstream, {
    env: { LOG_LEVEL: 'info', SHUTDOWN_FLUSH_MS: '300' },
    database: store,
    logs,
  });
  server.pause();
  const failed = await app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: sameOriginHeaders,
    payload: { username: TEST_USERS.agent.username, password: 'wrong password' },
  });
  expect(failed.statusCode).toBe(401);
  const started = Date.now();
  await app.close();
  // 300 ms for the writer, plus the rest of the shutdown; far less than the 5 s default.
  expect(Date.now() - started).toBeLessThan(3_000);
  const line = logs.lines.find((l) => l.includes('not written before shutdown'));
  expect(line).toBeDefined();
  expect(JSON.parse(line!)).toMatchObject({ writer: 'audit', unwritten: 1 });
  expect(line).not.toContain(TEST_USERS.agent.password);
}, 30_000);
