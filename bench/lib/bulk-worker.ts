import type { Kysely } from 'kysely';
import pino from 'pino';
import { Agent } from 'undici';
import { BulkProgress } from '../../src/server/bulk/bulk-progress';
import { BulkRepository } from '../../src/server/bulk/bulk-repository';
import { BulkRunner } from '../../src/server/bulk/bulk-runner';
import { JobQueue } from '../../src/server/jobs/job-queue';
import { openStore } from '../../src/server/store/open-store';
import { UpstreamClient } from '../../src/server/upstream/upstream-client';
import { applyAllToWorkspace } from '../../src/server/workspace/apply-events';
import { WorkspaceReader } from '../../src/server/workspace/workspace-reader';

// One BFF instance's bulk worker for bench/bulk-kill.ts, in its own process so that the bench can
// kill it with SIGKILL mid-run, as a crash or an OOM would: the store on the shared PostgreSQL
// (DATABASE_URL), the job queue working the bulk queue, and the runner writing to the fake upstream
// over HTTP through the BFF's own client, paced as IMPORT_CALLS_PER_SECOND paces the BFF. It is
// wired as src/server/bulk/register-bulk.ts wires the runner, without the routes and the live bus
// (progress goes to nobody: the bench reads the run's row).

const env = process.env;
const log = pino({ level: 'silent' });
const store = await openStore({ kind: 'postgres', url: env.DATABASE_URL ?? '' });
const jobs = new JobQueue(store.db as Kysely<unknown>, { log });
await jobs.start();
const repository = new BulkRepository(store.db);
const dispatcher = new Agent({ connections: 16 });
const upstream = new UpstreamClient({
  upstream: {
    socialBaseUrl: env.BULK_SOCIAL_BASE ?? '',
    crmBaseUrl: env.BULK_CRM_BASE ?? '',
    apiKey: env.BULK_API_KEY ?? '',
    tenantId: env.BULK_TENANT ?? '',
  },
  dispatcher,
  timeoutMs: 15_000,
  log,
});
const runner = new BulkRunner({
  repository,
  jobs,
  upstream,
  workspace: new WorkspaceReader(store.db),
  publish: async (events) => {
    await applyAllToWorkspace(
      store.db,
      events.map((event) => ({ event })),
      { now: Date.now() },
    );
  },
  progress: new BulkProgress({
    read: (id) => repository.get(id),
    tell: async () => undefined,
    clock: Date.now,
  }),
  snooze: null,
  log,
  clock: Date.now,
  callsPerSecond: Number(env.BULK_CALLS_PER_SECOND ?? 10),
});
await runner.work();
process.send?.({ kind: 'ready', pid: process.pid });
process.on('SIGTERM', () => {
  void (async () => {
    await runner.close();
    await jobs.stop(5_000);
    await store.close();
    await dispatcher.close();
    process.exit(0);
  })();
});
