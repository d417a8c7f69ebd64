import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { callStatsOf } from '../mocks/core/call-stats';
import { startFakeUpstream } from '../mocks/http';
import { ACME_TENANT } from '../mocks/team';
import type { BulkRun } from '../src/contract';
import type { User } from '../src/server/auth/users';
import { BulkProgress } from '../src/server/bulk/bulk-progress';
import { BulkRepository } from '../src/server/bulk/bulk-repository';
import { BulkRunner } from '../src/server/bulk/bulk-runner';
import { BulkService } from '../src/server/bulk/bulk-service';
import { JobQueue } from '../src/server/jobs/job-queue';
import { SLICE_EXPIRE_S } from '../src/server/jobs/slice-chain';
import { openStore } from '../src/server/store/open-store';
import { startTestPostgres } from '../src/server/testing/postgres-server';
import { seedWorkspace } from '../src/server/testing/workspace-seed';
import { WorkspaceReader } from '../src/server/workspace/workspace-reader';
import { setMeta } from '../src/server/workspace/workspace-writer';

// Issue 38: an instance killed in the middle of a 5,000-thread bulk close. Two BFF instances'
// bulk workers run as processes on one PostgreSQL database (bench/lib/bulk-worker.ts) against the
// fake upstream over HTTP. The run starts with instance A alone; once it has closed KILL_AT threads,
// B starts and A is killed with SIGKILL (no chance to hand its slice on). The queue gives A's slice
// up when it expires (SLICE_EXPIRE_S) and B takes the run over. Budgets: the run ends done with every
// thread closed upstream, and the upstream's close calls equal the rows (none twice, none missing);
// the lookups B makes of the item A was on are counted apart (a lookup is a read, not a second close).

const ROWS = Number(process.env['BULK_KILL_ROWS'] ?? 5_000);
const KILL_AT = Math.floor(ROWS * 0.4);
/** The bench's pace: the BFF's IMPORT_CALLS_PER_SECOND raised, so the run takes a minute, not eight. */
const CALLS_PER_SECOND = 100;
/** Open threads the fake seeds per unit of its scale (75 at scale 1, measured). */
const OPEN_PER_SCALE = 66;
const WORKER = fileURLToPath(new URL('./lib/bulk-worker.ts', import.meta.url));
const log = pino({ level: 'silent' });
const USER: User = {
  username: 'manager@bench.example',
  displayName: 'Bench Manager',
  role: 'manager',
  upstreamUserId: 'a0000000-0000-4000-8000-0000000000aa',
  passwordHash: '',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(WORKER, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) =>
      reject(new Error(`a bulk worker exited with ${String(code)} before it was ready`)),
    );
  });
}

const stopWorker = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });

export async function run() {
  const server = await startTestPostgres();
  const fake = await startFakeUpstream({ port: 0, scale: Math.ceil(ROWS / OPEN_PER_SCALE) });
  const workers: ChildProcess[] = [];
  try {
    const url = await server.createDatabase();
    const store = await openStore({ kind: 'postgres', url });
    try {
      const threads = [...fake.fake.workspace().social.threads.values()]
        .map((t) => t.conv)
        .filter((c) => c.status === 'open')
        .slice(0, ROWS);
      if (threads.length < ROWS)
        throw new Error(`the fake seeded ${String(threads.length)} open threads, not ${String(ROWS)}`);
      // The workspace as the sync would have written it: every thread, and the list marked loaded.
      await seedWorkspace(store.db, { conversations: threads }, Date.now());
      await setMeta(store.db, 'loaded', ['conversations', 'leads']);
      const env = {
        DATABASE_URL: url,
        BULK_SOCIAL_BASE: fake.socialBase,
        BULK_CRM_BASE: fake.crmBase,
        BULK_API_KEY: 'demo-admin-key',
        BULK_TENANT: ACME_TENANT,
        BULK_CALLS_PER_SECOND: String(CALLS_PER_SECOND),
      };
      const a = await startWorker(env);
      workers.push(a);

      // The run is started as the route starts it; this process's queue only adds the first slice.
      const repository = new BulkRepository(store.db);
      const workspace = new WorkspaceReader(store.db);
      const jobs = new JobQueue(store.db as Kysely<unknown>, { log, supervise: false });
      await jobs.start();
      const progress = new BulkProgress({
        read: (id) => repository.get(id),
        tell: async () => undefined,
        clock: Date.now,
      });
      const runner = new BulkRunner({
        repository,
        jobs,
        upstream: { call: () => Promise.reject(new Error('this process does not act')) },
        workspace,
        publish: async () => undefined,
        progress,
        snooze: null,
        log,
        clock: Date.now,
        callsPerSecond: 0,
      });
      const service = new BulkService({
        repository,
        runner,
        workspace,
        progress,
        assignable: new Set(),
        snoozesAt: null,
        clock: Date.now,
      });
      callStatsOf(fake.fake).reset();
      const t0 = performance.now();
      const outcome = await service.startOnConversations(USER, {
        action: 'close',
        selection: { ids: threads.map((t) => t.id) },
      });
      if (!outcome.ok) throw new Error(`the run did not start: ${outcome.message}`);
      const runId = outcome.value.id;
      const read = async (): Promise<BulkRun> => (await repository.get(runId))!;

      while ((await read()).done < KILL_AT) await sleep(100);
      const b = await startWorker(env);
      workers.push(b);
      a.kill('SIGKILL');
      const killedAt = performance.now();
      const doneAtKill = (await read()).done;

      // B takes over once the queue expires A's slice; then it finishes the run.
      const by = Date.now() + (SLICE_EXPIRE_S + 60 + 5 * 60) * 1_000;
      let resumedAt: number | null = null;
      let end = await read();
      while (['queued', 'running'].includes(end.state) && Date.now() < by) {
        await sleep(250);
        end = await read();
        if (resumedAt === null && end.done > doneAtKill + 1) resumedAt = performance.now();
      }
      const wallS = (performance.now() - t0) / 1_000;
      const stats = callStatsOf(fake.fake).read();
      const closes = stats.byRoute['conversations.close'] ?? 0;
      const lookups = stats.byRoute['conversations.get'] ?? 0;
      const held = fake.fake.workspace().social.threads;
      const closedUpstream = threads.filter((t) => held.get(t.id)?.conv.status === 'closed').length;
      await jobs.stop(2_000);

      const figures = {
        rows: ROWS,
        killedAfter: doneAtKill,
        state: end.state,
        done: end.done,
        refused: end.refused,
        closeCalls: closes,
        lookups,
        closedUpstream,
        takeoverS: resumedAt === null ? null : Math.round((resumedAt - killedAt) / 100) / 10,
        wallS: Math.round(wallS),
        sliceExpireS: SLICE_EXPIRE_S,
        callsPerSecond: CALLS_PER_SECOND,
      };
      return {
        name: 'bulk-kill',
        figures,
        budgets: [
          {
            label: `the run ends done after A is killed (${end.state}, ${String(end.done)}/${String(ROWS)})`,
            pass: end.state === 'done' && end.done === ROWS,
          },
          {
            label: `upstream close calls equal the rows: ${String(closes)} = ${String(ROWS)} (none twice, none missing)`,
            pass: closes === ROWS,
          },
          {
            label: `every thread closed upstream: ${String(closedUpstream)} of ${String(ROWS)}`,
            pass: closedUpstream === ROWS,
          },
        ],
      };
    } finally {
      await store.close();
    }
  } finally {
    await Promise.all(workers.map(stopWorker));
    await fake.close();
    await server.stop();
  }
}
