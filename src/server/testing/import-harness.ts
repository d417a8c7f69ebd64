import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Contact, Customer, Lead, LiveEvent } from '../../contract';
import type { DuplicatePolicy, ImportJob, ImportKind, MappedRow } from '../../contract/imports';
import { checkRows } from '../imports/check-rows';
import { ImportRepository } from '../imports/import-repository';
import { ImportRunner } from '../imports/import-runner';
import type { SliceJob } from '../imports/import-slices';
import { JobQueue, QUEUES } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { UpstreamError } from '../upstream/upstream-error';
import { applyAllToWorkspace } from '../workspace/apply-events';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { setMeta } from '../workspace/workspace-writer';
import { contact, customer, lead, stage, uuid } from './live-records';
import { seedWorkspace } from './workspace-seed';

// The import runner's test harness: a scripted CRM (rows in order, each answer made from the call,
// or the next scripted fault thrown), the workspace tables (what the runner publishes is written
// there, as the live service does), the team database in memory with the job queue in it (each
// runner an instance: its own JobQueue over the one database, working the import queue), and a
// clock and sleep the tests drive. Its state is exported as live bindings, reset before each test.

let store: TeamStore;
export let repo: ImportRepository;
export let workspace: WorkspaceReader;
export let clock = 0;
export let slept: number[] = [];
export let calls: { id: string; options: { params?: Record<string, string>; body?: unknown } }[] = [];
/** Errors the next calls throw, in order (undefined: answer normally). */
export let faults: (UpstreamError | typeof LOST | undefined)[] = [];
export let published: LiveEvent[] = [];
let nextId = 100;
/** A fault that lets the call act and then loses its answer: the CRM made the record, the BFF timed out. */
export const LOST = 'lost';
/** What the CRM made whose answer was lost: its lists hold it, the workspace has not learnt it. */
let unseen: (Lead | Customer | Contact)[] = [];
/** The name of every record a create made on the CRM, in order (answered or not). */
export let made: string[] = [];
/** Routes every call of which times out without the CRM doing anything. */
export const timingOut = new Set<string>();
/** Calls under way at once, at most: a slice sends one call at a time, and one slice runs at a time. */
export let mostAtOnce = 0;
let atOnce = 0;

interface Hold {
  readonly reached: Promise<void>;
  /** Lets the held call go on: answered as usual, or failing with `error`. */
  release(error?: Error): void;
}
const holds = new Map<string, { reached: () => void; gate: Promise<Error | undefined> }>();
/** Every hold's release: a test that fails while holding a call leaves no instance stuck. */
const releases: ((error?: Error) => void)[] = [];

/** The next call of this route stops before the CRM acts, until released (an instance stuck on it). */
export function holdNext(id: string): Hold {
  let reached!: () => void;
  let release!: (error?: Error) => void;
  const reachedP = new Promise<void>((resolve) => (reached = resolve));
  const gate = new Promise<Error | undefined>((resolve) => (release = resolve));
  holds.set(id, { reached, gate });
  releases.push(release);
  return { reached: reachedP, release };
}

type CallOptions = { params?: Record<string, string>; body?: unknown };

const crm = {
  async call(id: string, options: CallOptions = {}) {
    atOnce += 1;
    mostAtOnce = Math.max(mostAtOnce, atOnce);
    try {
      calls.push({ id, options });
      const hold = holds.get(id);
      if (hold) {
        holds.delete(id);
        hold.reached();
        const error = await hold.gate;
        if (error) throw error;
      }
      if (timingOut.has(id)) throw new UpstreamError('timeout', id, 'The upstream did not answer in time');
      const fault = faults.shift();
      if (fault instanceof UpstreamError) throw fault;
      const answer = await answerOf(id, options);
      if (id.endsWith('.create')) {
        const record = answer as { name?: string; first_name?: string };
        made.push(record.name ?? record.first_name ?? '');
      }
      if (fault === LOST) {
        unseen.push(answer as Lead | Customer | Contact);
        throw new UpstreamError('timeout', id, 'The upstream did not answer in time');
      }
      return answer;
    } finally {
      atOnce -= 1;
    }
  },
};

/** The unseen records of a kind, told apart by the prefix live-records.ts gives its ids. */
/** A record the CRM made whose answer never came (before the test's runner started). */
export function madeUnseen(record: Lead | Customer | Contact): void {
  unseen.push(record);
}

const unseenOf = <T>(prefix: string, more: (r: T) => boolean = () => true) =>
  (unseen.filter((r) => r.id.startsWith(prefix)) as T[]).filter(more);

async function answerOf(id: string, options: CallOptions): Promise<unknown> {
  const body = options.body as Record<string, unknown>;
  switch (id) {
    case 'leads.create':
      return lead(nextId++, { ...body, created_at: new Date(clock).toISOString() } as Partial<Lead>);
    case 'leads.update':
      return { ...(await workspace.lead(options.params!.id!))!, ...body };
    case 'customers.create':
      return customer(nextId++, {
        ...body,
        created_at: new Date(clock).toISOString(),
      } as Partial<Customer>);
    case 'customers.update':
      return { ...(await workspace.customer(options.params!.id!))!, ...body };
    case 'contacts.create':
      return contact(nextId++, 1, { ...body, created_at: new Date(clock).toISOString() } as Partial<Contact>);
    case 'contacts.update':
      return { ...(await workspace.contact(options.params!.id!))!, ...body };
    case 'contacts.byCustomer':
      return [
        ...(await workspace.contactsOf(options.params!.customerId!)),
        ...unseenOf<Contact>('c0ac7000', (r) => r.customer_id === options.params!.customerId),
      ];
    // A lost answer is looked up: the CRM holds what the workspace holds.
    case 'leads.list': {
      const held = await heldLeads();
      return {
        data: [...held, ...unseenOf<Lead>('1ead1ead')],
        total: held.length,
        page: 1,
        limit: 100,
        totalPages: 1,
        hasMore: false,
      };
    }
    case 'customers.list': {
      const held = await heldCustomers();
      return {
        customers: [...held, ...unseenOf<Customer>('c057c057')],
        total: held.length,
        page: 1,
        limit: 100,
        totalPages: 1,
        fields: [],
      };
    }
    default:
      throw new Error(`unexpected call ${id}`);
  }
}

/** The instances the test started, each a runner and its queue; stopped after the test. */
const instances = new Map<ImportRunner, JobQueue>();

type RunnerOptions = ConstructorParameters<typeof ImportRunner>[0];

/**
 * An instance: a runner on its own job queue over the test's database, working the import queue.
 * A second one is a second instance on the same database.
 */
export async function runner(over: Partial<RunnerOptions> = {}): Promise<ImportRunner> {
  const jobs = new JobQueue(store.db as Kysely<unknown>, {
    log: pino({ level: 'silent' }),
    pollingIntervalSeconds: 0.5,
  });
  await jobs.start();
  const r = new ImportRunner({
    repository: repo,
    jobs,
    upstream: crm as never,
    workspace,
    publish: async (events) => {
      published.push(...events);
      await applyAllToWorkspace(
        workspace.db,
        events.map((event) => ({ event })),
        { now: clock },
      );
    },
    log: pino({ level: 'silent' }),
    clock: () => clock,
    callsPerSecond: 0,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
    retryDelaysMs: [10, 20],
    ...over,
  });
  instances.set(r, jobs);
  await r.work();
  return r;
}

/** Stops an instance as a shutdown does: its slices end after their row, then its queue stops. */
export async function stopInstance(r: ImportRunner): Promise<void> {
  await r.close();
  await instances.get(r)?.stop(2_000);
  instances.delete(r);
}

/** The instance's queue stops, giving up on a slice still running after `timeoutMs` (its instance is stuck). */
export async function stopQueueOf(r: ImportRunner, timeoutMs: number): Promise<void> {
  await instances.get(r)?.stop(timeoutMs);
}

/** Waits for `check` to hold (polled), failing after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const by = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > by) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface SliceRecord {
  readonly state: string;
  readonly data: SliceJob;
  /** How long after it was queued it was to start (ms). */
  readonly delayMs: number;
}

/** Every slice of the import the queue holds, in the order they were queued. */
export async function slicesOf(id: string): Promise<SliceRecord[]> {
  const { rows } = await sql<{ state: string; data: SliceJob; start_after: Date; created_on: Date }>`
    select state::text as state, data, start_after, created_on from jobs.job
    where name = ${QUEUES.importRun} and data->>'importId' = ${id}
    order by created_on`.execute(store.db);
  return rows.map((r) => ({
    state: r.state,
    data: r.data,
    delayMs: new Date(r.start_after).getTime() - new Date(r.created_on).getTime(),
  }));
}

/** Waits for the import to leave `running` and for the instance's slices of it to end. */
export async function settle(r: ImportRunner, id: string): Promise<ImportJob> {
  await until(async () => (await repo.state(id)) !== 'running');
  await r.settled(id);
  return (await repo.get(id))!;
}

export async function jobOf(kind: ImportKind, rows: MappedRow[], duplicates: DuplicatePolicy = 'skip') {
  const checked = await checkRows(kind, rows, workspace);
  const id = uuid(nextId++, 'eeeeeeee');
  await repo.create(
    {
      id,
      kind,
      duplicates,
      fileName: 'file.csv',
      createdBy: 'manager',
      duplicatesFound: checked.duplicatesFound,
      at: new Date(clock),
    },
    checked.rows,
  );
  return id;
}

/** Starts (or resumes) the import on the instance and waits until it is no longer running. */
export async function runToEnd(r: ImportRunner, id: string): Promise<ImportJob> {
  expect(await r.start(id)).toBe(true);
  return settle(r, id);
}

export async function outcomes(id: string) {
  const out: string[] = [];
  for await (const row of repo.rows(id))
    out.push(`${row.rowNumber} ${row.outcome}${row.reason ? `: ${row.reason}` : ''}`);
  return out;
}

/** Every lead the workspace tables hold (a test's few). */
export async function heldLeads(): Promise<Lead[]> {
  const rows = await store.db
    .selectFrom('ws_leads')
    .select('data')
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.data as Lead);
}

export async function heldCustomers(): Promise<Customer[]> {
  const rows = await store.db
    .selectFrom('ws_customers')
    .select('data')
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.data as Customer);
}

/** Which collections the sync has read in full (ws_meta's `loaded`). */
export const setLoaded = (collections: string[]) => setMeta(store.db, 'loaded', collections);

/** The hooks each test file of the runner calls once: a fresh database, fresh tables and script per test. */
export function setUpImportHarness() {
  beforeAll(async () => {
    store = await openStore({ kind: 'pglite', dataDir: null });
    repo = new ImportRepository(store.db);
  });
  afterAll(() => store.close());
  afterEach(async () => {
    for (const release of releases.splice(0))
      release(new UpstreamError('unreachable', 'held', 'The test ended'));
    for (const r of instances.keys()) await stopInstance(r);
  });
  beforeEach(async () => {
    clock = Date.parse('2026-05-01T10:00:00Z');
    slept = [];
    calls = [];
    faults = [];
    unseen = [];
    published = [];
    made = [];
    timingOut.clear();
    holds.clear();
    mostAtOnce = 0;
    atOnce = 0;
    // No slice of an earlier test's import is left to run.
    await sql`delete from jobs.job where name = ${QUEUES.importRun}`.execute(store.db);
    for (const table of ['ws_leads', 'ws_customers', 'ws_contacts', 'ws_lists', 'ws_meta'] as const)
      await store.db.deleteFrom(table).execute();
    workspace = new WorkspaceReader(store.db);
    await setLoaded(['leads', 'customers']);
    await seedWorkspace(store.db, {
      stages: [stage(1, 'new', { name: 'New', is_default: true }), stage(2, 'won', { name: 'Won' })],
      leads: [lead(1, { name: 'Old Ana', email: 'ana@example.com', phone: '+44 20 7946 0958' })],
    });
  });
}

/** Moves the harness's clock on (the runner reads it through `clock`). */
export function advanceClock(ms: number) {
  clock += ms;
}
