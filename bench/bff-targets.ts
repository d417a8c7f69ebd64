import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { parseConfig } from '../src/server/config';
import { hashPassword } from '../src/server/auth/password';
import { UserDirectory } from '../src/server/auth/users';
import { DEFAULT_RATE_LIMITS } from '../src/server/security/rate-limits';
import { EMPTY_TEAM } from '../src/server/team';
import { openStore, type TeamStore } from '../src/server/store/open-store';
import { startTestPostgres } from '../src/server/testing/postgres-server';

// The processes bff-overhead.ts measures, one per child process so the load generator, the
// server under test and the upstream do not share an event loop.

export const BENCH_PATH = '/v1/lead-stages';
/** A state-changing call (recorded in the audit log); the upstream answers it 204. */
export const BENCH_WRITE_PATH = '/v1/leads/6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10';
export const BENCH_KEY = 'bench-key';
export const BENCH_TENANT = '11111111-1111-4111-8111-111111111111';
const PAYLOAD = JSON.stringify([
  { id: '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10', key: 'new', name: 'New', color: '#3b82f6', position: 0 },
]);

/** bff-without-store: the same BFF with no database, the yardstick for what the audit log costs;
 *  bff-without-queue: with its database but no job queue, the yardstick for what the queue costs. */
type Role = 'upstream' | 'bff' | 'bff-without-store' | 'bff-without-queue' | 'bare';

async function startUpstream(): Promise<number> {
  const server = createServer((req, res) => {
    req.resume();
    if (req.method === 'DELETE') {
      res.writeHead(204);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(PAYLOAD) });
    res.end(PAYLOAD);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

const BENCH_USER = { username: 'bench@example.test', password: 'bench-password' };

/** The BFF as deployed (sessions, CSRF, roles, rate limiting, security headers), signed in once.
 *  The per-session rate limit is raised so the load is measured, not refused; the token bucket
 *  still runs on every call. */
let store: TeamStore | null = null;
let stopDatabase = (): Promise<void> => Promise.resolve();

/**
 * The BFF's database for the run: the embedded PGlite (the default deployment), or with
 * BENCH_STORE=postgres a PostgreSQL server started for it (the deployment for several instances).
 */
async function benchStore(): Promise<TeamStore> {
  if (process.env.BENCH_STORE !== 'postgres') {
    // As deployed: files in a data directory, PGlite in its worker thread.
    const dataDir = mkdtempSync(join(tmpdir(), 'chatdesk-bench-data-'));
    stopDatabase = () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true }));
    return openStore({ kind: 'pglite', dataDir, thread: true });
  }
  const server = await startTestPostgres();
  stopDatabase = () => server.stop();
  return openStore({ kind: 'postgres', url: await server.createDatabase() });
}

async function startBff(
  upstreamOrigin: string,
  withStore: boolean,
  withQueue = true,
): Promise<{ port: number; cookie: string }> {
  const config = parseConfig({
    SOCIAL_BASE_URL: `${upstreamOrigin}/social/api`,
    CRM_BASE_URL: `${upstreamOrigin}/crm/api`,
    API_KEY: BENCH_KEY,
    TENANT_ID: BENCH_TENANT,
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    USERS_FILE: '/unused',
  });
  const users = new UserDirectory([
    {
      username: BENCH_USER.username,
      displayName: 'Bench',
      role: 'admin',
      upstreamUserId: 'a0000000-0000-4000-8000-000000000003',
      passwordHash: await hashPassword(BENCH_USER.password),
    },
  ]);
  const app = await buildApp({
    config,
    upstream: config.upstream!,
    team: EMPTY_TEAM,
    users,
    rateLimits: { ...DEFAULT_RATE_LIMITS, apiRatePerSecond: 1_000_000, apiBurst: 1_000_000 },
    // As deployed, with the live workspace's write-through in the proxy (its sync reads nothing here:
    // the bench upstream is not a workspace).
    live: { sync: false },
    // As deployed, with the team database, so every state-changing call writes an audit entry.
    ...(withStore ? { database: (store = await benchStore()) } : {}),
    jobQueue: withQueue,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { host: 'bench', origin: 'http://bench', 'x-csrf': '1' },
    payload: BENCH_USER,
  });
  const cookie = login.cookies[0];
  if (login.statusCode !== 204 || !cookie) throw new Error(`bench sign-in failed: ${login.statusCode}`);
  return { port: (app.server.address() as AddressInfo).port, cookie: `${cookie.name}=${cookie.value}` };
}

/** A pass-through proxy with node:http alone: the yardstick, with no checks at all. */
async function startBare(upstreamOrigin: string): Promise<number> {
  const target = new URL(upstreamOrigin);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const server = createServer((req, res) => {
    const upstreamReq = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: `/crm/api${(req.url ?? '/').replace(/^\/api\/crm/, '')}`,
        headers: { ...req.headers, host: target.host, 'x-api-key': BENCH_KEY, 'x-tenant-id': BENCH_TENANT },
        agent,
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    upstreamReq.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstreamReq);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

async function main(): Promise<void> {
  const role = process.argv[2] as Role;
  const upstreamOrigin = process.argv[3] ?? '';
  const started: { port: number; cookie: string } =
    role === 'upstream'
      ? { port: await startUpstream(), cookie: '' }
      : role === 'bff' || role === 'bff-without-store' || role === 'bff-without-queue'
        ? await startBff(upstreamOrigin, role !== 'bff-without-store', role !== 'bff-without-queue')
        : { port: await startBare(upstreamOrigin), cookie: '' };
  process.send?.(started);
  // The bench asks for CPU time around a run: CPU per request is a figure that survives a busy
  // machine better than latency does.
  process.on('message', (m) => {
    if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() });
    // How many audit entries reached the database (after the writer's next batches).
    if (m === 'audit' && store === null) process.send?.({ audit: 0 });
    if (m === 'audit' && store !== null) {
      const db = store.db;
      void new Promise((r) => setTimeout(r, 1500))
        .then(() =>
          db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow(),
        )
        .then((row) => process.send?.({ audit: Number(row.n) }));
    }
  });
}

// Exit through process.exit so `--cpu-prof` can write its profile when the bench stops us.
const exit = () => void stopDatabase().finally(() => process.exit(0));
process.once('SIGTERM', exit);
process.once('SIGINT', exit);
if (process.send) void main();
