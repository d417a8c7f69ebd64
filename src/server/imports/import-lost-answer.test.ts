import type { Kysely } from 'kysely';
import { Agent } from 'undici';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../contract/imports';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { checkRows } from '../imports/check-rows';
import { JobQueue } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { UpstreamClient } from '../upstream/upstream-client';
import { TEST_TENANT } from '../testing/test-app';
import { seedWorkspace } from '../testing/workspace-seed';
import { applyAllToWorkspace } from '../workspace/apply-events';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { setMeta } from '../workspace/workspace-writer';
import { ImportRepository } from './import-repository';
import { ImportRunner } from './import-runner';

// A CSV import on the real fake CRM over HTTP, when the CRM answers a create after the import's
// upstream timeout (issue 34, point 3): the row is resolved by looking the record up upstream,
// never by sending it again blindly, so N rows make N leads and the report says N created.

const TIMEOUT_MS = 400;
/** The CRM makes the lead after this long: well past the timeout, before the old retry resent it. */
const LATE_BY_MS = 1_000;

let fake: FakeUpstream;
let store: TeamStore;
let repo: ImportRepository;
let dispatcher: Agent;
let upstream: UpstreamClient;
/** The test's own reads, with time to spare on a busy machine. */
let reader: UpstreamClient;
let workspace: WorkspaceReader;
/** The BFF's job queue on the test's database, and the runner working it (an instance). */
let jobs: JobQueue;
let runner: ImportRunner;

beforeAll(async () => {
  fake = await startFakeUpstream({ port: 0, clock: 'frozen' });
  store = await openStore({ kind: 'pglite', dataDir: null });
  repo = new ImportRepository(store.db);
  dispatcher = new Agent({ connections: 8 });
  const client = (timeoutMs: number) =>
    new UpstreamClient({
      upstream: {
        socialBaseUrl: fake.socialBase,
        crmBaseUrl: fake.crmBase,
        apiKey: 'demo-admin-key',
        tenantId: TEST_TENANT,
      },
      dispatcher,
      timeoutMs,
      log: pino({ level: 'silent' }),
    });
  upstream = client(TIMEOUT_MS);
  reader = client(10_000);
}, 60_000);

afterAll(async () => {
  await dispatcher.close();
  await store.close();
  await fake.close();
});

beforeEach(async () => {
  fake.fake.reset();
  for (const table of ['ws_leads', 'ws_lists', 'ws_meta'] as const)
    await store.db.deleteFrom(table).execute();
  workspace = new WorkspaceReader(store.db);
  await seedWorkspace(store.db, {
    stages: await reader.call('leadStages.list'),
    leads: (await reader.call('leads.list', { query: { limit: 100 } })).data,
  });
  await setMeta(store.db, 'loaded', ['leads', 'customers']);
  jobs = new JobQueue(store.db as Kysely<unknown>, {
    log: pino({ level: 'silent' }),
    pollingIntervalSeconds: 0.5,
  });
  await jobs.start();
  runner = newRunner();
  await runner.work();
});

afterEach(async () => {
  await runner.close();
  await jobs.stop(2_000);
});

const newRunner = () =>
  new ImportRunner({
    repository: repo,
    jobs,
    upstream,
    workspace,
    publish: async (events) => {
      await applyAllToWorkspace(
        store.db,
        events.map((event) => ({ event })),
        { now: Date.now() },
      );
    },
    log: pino({ level: 'silent' }),
    clock: Date.now,
    callsPerSecond: 0,
    // The first retry waits longer than the CRM's late answer takes, as a real pause would.
    retryDelaysMs: [1_500, 1_500],
    lostAnswer: { graceMs: 10_000, lookupEveryMs: 100 },
  });

async function importLeads(rows: { name: string; email?: string }[]): Promise<ImportJob> {
  const checked = await checkRows('leads', rows, workspace);
  const id = crypto.randomUUID();
  await repo.create(
    {
      id,
      kind: 'leads',
      duplicates: 'create',
      fileName: 'leads.csv',
      createdBy: 'manager',
      duplicatesFound: checked.duplicatesFound,
      at: new Date(),
    },
    checked.rows,
  );
  expect(await runner.start(id)).toBe(true);
  for (let waited = 0; (await repo.state(id)) === 'running'; waited += 50) {
    if (waited > 30_000) throw new Error('the import did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await runner.settled(id);
  return (await repo.get(id))!;
}

const upstreamLeadsNamed = (prefix: string) =>
  [...fake.fake.workspace().crm.leads.values()].filter((l) => l.name.startsWith(prefix));

describe('an import whose create is answered after the timeout', () => {
  it('makes N leads for N rows and reports N created', async () => {
    fake.fake.control.fail({ method: 'POST', path: '/v1/leads', delayMs: LATE_BY_MS, host: 'crm' });
    const rows = [1, 2, 3, 4, 5].map((n) => ({ name: `Late row ${n}`, email: `late${n}@example.com` }));
    const job = await importLeads(rows);
    expect(job).toMatchObject({ state: 'done', counts: { created: 5, pending: 0, refused: 0 } });
    const made = upstreamLeadsNamed('Late row ');
    expect(made.map((l) => l.name).sort()).toEqual(rows.map((r) => r.name));
    const reported: (string | null)[] = [];
    for await (const row of repo.rows(job.id)) reported.push(row.recordId);
    expect(reported.sort()).toEqual(made.map((l) => l.id).sort());
  });

  it('does not take a record of the same name made before the import for its own', async () => {
    const before = await reader.call('leads.create', {
      body: { name: 'Twin row', email: 'twin@example.com' },
    });
    await seedWorkspace(store.db, { leads: [before] });
    fake.fake.control.fail({ method: 'POST', path: '/v1/leads', delayMs: LATE_BY_MS, host: 'crm' });
    const job = await importLeads([{ name: 'Twin row', email: 'twin@example.com' }]);
    expect(job).toMatchObject({ state: 'done', counts: { created: 1 } });
    const made = upstreamLeadsNamed('Twin row');
    expect(made).toHaveLength(2);
    for await (const row of repo.rows(job.id))
      expect(row.recordId).toBe(made.find((l) => l.id !== before.id)?.id);
  });
});
