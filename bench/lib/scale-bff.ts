import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { parseConfig } from '../../src/server/config';
import { DEFAULT_RATE_LIMITS } from '../../src/server/security/rate-limits';
import { openStore } from '../../src/server/store/open-store';
import { EMPTY_TEAM } from '../../src/server/team';
import { testUsers } from '../../src/server/testing/test-users';

// One BFF instance for the scale benchmark, in its own process (forked by bench/lib/scale-process.ts)
// so its event loop holds only its own work: built like buildTestApp, with the live workspace (the
// sync on or off) and the team's database (PostgreSQL by DATABASE_URL, or PGlite in DATA_DIR),
// listening on a free loopback port. It measures its own event loop (perf_hooks, 10 ms resolution)
// and answers the parent's questions over IPC.

export type BffQuestion = { ask: 'loop' } | { ask: 'stats' };
export interface BffReady {
  readonly kind: 'ready';
  readonly port: number;
  /** Epoch ms before buildApp, and when it listened. */
  readonly t0: number;
  readonly listeningAt: number;
  /** Longest event-loop delay between buildApp and listening (ms). */
  readonly startupMaxMs: number;
}
export interface BffLoop {
  readonly kind: 'loop';
  /** Since the last 'loop' question (or since listening): the longest delay and the 99th percentile, ms. */
  readonly maxMs: number;
  readonly p99Ms: number;
  /** The most CPU the main thread used between two 10 ms ticks in that span (ms): what the BFF's
   *  own code held the loop, apart from the time the machine gave to other processes; null where
   *  Linux's schedstat cannot be read. */
  readonly ownMaxMs: number | null;
  /** Each block over 50 ms in that span, as `ms(cpu N, wait M)@s` (seconds since listening), up to 40. */
  readonly blocks: string[];
}
export interface BffStats {
  readonly kind: 'stats';
  readonly heapUsedMiB: number;
  readonly gcForced: boolean;
  readonly rssMiB: number;
  /** The sync engine's own count of upstream calls, when it keeps one (engine.calls()). */
  readonly engineCalls: number | null;
}

const send = (m: BffReady | BffLoop | BffStats) => process.send?.(m);
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
const MiB = (bytes: number) => Math.round(bytes / 1024 / 1024);

const env = process.env;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const t0 = Date.now();
// When each long block fell (the histogram only knows how long): a timer that should fire every
// TICK ms and notes how late it was. On a shared 2-core machine the BFF also waits for a CPU while
// the fake upstream and PostgreSQL run: the main thread's schedstat (ns on a CPU, ns waiting for
// one) tells that wait from the BFF's own synchronous work.
const TICK = 10;
const BLOCK_MS = 50;
const SCHEDSTAT = `/proc/${String(process.pid)}/task/${String(process.pid)}/schedstat`;
/** [ms on a CPU, ms waiting for one] since the thread began, or null off Linux. */
const schedstat = (): [number, number] | null => {
  try {
    const [run, wait] = readFileSync(SCHEDSTAT, 'utf8').split(' ');
    return [Number(run) / 1e6, Number(wait) / 1e6];
  } catch {
    return null;
  }
};
let blocks: string[] = [];
let since = t0;
let last = performance.now();
let lastCpu = schedstat();
let ownMax = 0;
/** Set while start-up waits for the first tick after listening, whose delay is start-up's. */
let startedTick: ((lateMs: number) => void) | null = null;
setInterval(() => {
  const now = performance.now();
  const cpu = lastCpu === null ? null : schedstat();
  const own = cpu === null || lastCpu === null ? null : cpu[0] - lastCpu[0];
  const waited = cpu === null || lastCpu === null ? null : cpu[1] - lastCpu[1];
  const late = now - last - TICK;
  if (own !== null) ownMax = Math.max(ownMax, own);
  if (late > BLOCK_MS && blocks.length < 40) {
    const split = own === null ? '' : `(cpu ${String(Math.round(own))}, wait ${String(Math.round(waited!))})`;
    blocks.push(`${String(Math.round(late))}${split}@${((Date.now() - late - since) / 1000).toFixed(1)}`);
  }
  last = now;
  lastCpu = cpu;
  startedTick?.(Math.max(0, late));
}, TICK).unref();
const database = await openStore(
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.SCALE_PGLITE_DIR ?? null },
);
const config = parseConfig({
  ...Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('SYNC_'))),
  SOCIAL_BASE_URL: env.SCALE_SOCIAL_BASE!,
  CRM_BASE_URL: env.SCALE_CRM_BASE!,
  API_KEY: 'bench-scale-key-0123456789',
  TENANT_ID: '11111111-1111-4111-8111-111111111111',
  STATIC_DIR: '/nonexistent-static-dir',
  USERS_FILE: '/unused-users-file.json',
  LOG_LEVEL: env.SCALE_LOG_LEVEL ?? 'error',
  ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
});
const app = await buildApp({
  config,
  upstream: config.upstream!,
  team: EMPTY_TEAM,
  users: await testUsers(),
  // The bench sends a few hundred screen reads a minute from one session: not a limit under test.
  rateLimits: { ...DEFAULT_RATE_LIMITS, apiRatePerSecond: 100_000, apiBurst: 100_000 },
  live: { sync: env.SCALE_SYNC !== '0' },
  database,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const listeningAt = Date.now();
// The loop turn in which listen resolved ran start-up's last work (routes built, the sync's tasks
// begun): its delay shows on the next tick and belongs to start-up, not to syncing.
const lastStartupLate = await new Promise<number>((resolve) => {
  startedTick = resolve;
});
startedTick = null;
const startupMaxMs = Math.max(ms(loop.max), Math.round(lastStartupLate * 10) / 10);
loop.reset();
blocks = [];
ownMax = 0;
since = listeningAt;
send({ kind: 'ready', port: (app.server.address() as AddressInfo).port, t0, listeningAt, startupMaxMs });

process.on('message', (q: BffQuestion) => {
  if (q.ask === 'loop') {
    const ownMaxMs = lastCpu === null ? null : Math.round(ownMax * 10) / 10;
    send({ kind: 'loop', maxMs: ms(loop.max), p99Ms: ms(loop.percentile(99)), ownMaxMs, blocks });
    loop.reset();
    blocks = [];
    ownMax = 0;
    return;
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const engine = app.bffLive?.engine as { calls?: () => number } | undefined;
  const memory = process.memoryUsage();
  send({
    kind: 'stats',
    heapUsedMiB: MiB(memory.heapUsed),
    gcForced: gc !== undefined,
    rssMiB: MiB(memory.rss),
    engineCalls: typeof engine?.calls === 'function' ? engine.calls() : null,
  });
});

const stop = () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('disconnect', stop);
