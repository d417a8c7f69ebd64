import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BulkRun, Conversation, Lead, LiveEvent } from '../../contract';
import type { User } from '../auth/users';
import { JobQueue, QUEUES } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation, lead, stage } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import { UpstreamError } from '../upstream/upstream-error';
import { applyAllToWorkspace } from '../workspace/apply-events';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { setMeta } from '../workspace/workspace-writer';
import { BulkProgress } from './bulk-progress';
import { BulkRepository } from './bulk-repository';
import { BulkRunner } from './bulk-runner';
import { BulkService } from './bulk-service';

// Bulk actions through the real job queue on PGlite, against a scripted upstream that counts every
// write it makes: a run completes with each record written once; a refused record is reported with
// the upstream's reason while the rest go on; a cancel stops it; an outage pauses it and a resume
// finishes it; an instance stuck in the middle is replaced by another that finishes every record
// exactly once; unknown and repeated ids are refused or counted once, never a crash.

const log = pino({ level: 'silent' });
const AGENT: User = {
  username: 'agent@test.example',
  displayName: 'Agent',
  role: 'agent',
  upstreamUserId: 'a0000000-0000-4000-8000-0000000000aa',
  passwordHash: '',
};
const MATE = 'a0000000-0000-4000-8000-0000000000bb';

let store: TeamStore;
let workspace: WorkspaceReader;
let repo: BulkRepository;
/** Every call the upstream received, and the writes it made (a held call makes none until released). */
let calls: string[] = [];
let writes: string[] = [];
let faults: (UpstreamError | undefined)[] = [];
/** Record ids whose write the upstream refuses with a 422 and a reason. */
const refusing = new Map<string, string>();
let told: BulkRun[] = [];
let published: LiveEvent[] = [];
const holds = new Map<string, { reached: () => void; gate: Promise<Error | undefined> }>();
const releases: ((error?: Error) => void)[] = [];

function holdNext(route: string) {
  let reached!: () => void;
  let release!: (error?: Error) => void;
  const reachedP = new Promise<void>((resolve) => (reached = resolve));
  const gate = new Promise<Error | undefined>((resolve) => (release = resolve));
  holds.set(route, { reached, gate });
  releases.push(release);
  return { reached: reachedP, release };
}

type Options = { params?: Record<string, string>; body?: Record<string, unknown> };

const upstream = {
  async call(route: string, options: Options = {}) {
    const id = options.params?.id ?? '';
    calls.push(`${route} ${id}`);
    const hold = holds.get(route);
    if (hold) {
      holds.delete(route);
      hold.reached();
      const error = await hold.gate;
      if (error) throw error;
    }
    const fault = faults.shift();
    if (fault) throw fault;
    const reason = refusing.get(id);
    if (reason && !route.endsWith('.get'))
      throw new UpstreamError('http', route, 'The upstream answered 422', 422, null, [reason]);
    const held: Conversation | Lead | undefined = route.startsWith('conversations')
      ? await workspace.conversation(id)
      : await workspace.lead(id);
    if (!held) throw new UpstreamError('http', route, 'The upstream answered 404', 404, null, ['Not found']);
    if (route.endsWith('.get')) return held;
    writes.push(`${route} ${id}`);
    switch (route) {
      case 'conversations.close':
        return { ...held, status: 'closed' };
      case 'conversations.reopen':
        return { ...held, status: 'open' };
      case 'conversations.assignOwner':
        return { ...held, assigned_to_user_id: options.body?.userId ?? null };
      case 'leads.update':
        return { ...held, ...options.body };
      case 'leads.reassign':
        return { ...held, ...options.body };
      case 'leads.delete':
        return undefined;
      default:
        throw new Error(`unexpected call ${route}`);
    }
  },
};

const instances = new Map<BulkRunner, JobQueue>();

async function instance(over: Partial<ConstructorParameters<typeof BulkRunner>[0]> = {}) {
  const jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
  await jobs.start();
  const progress = new BulkProgress({
    read: (id) => repo.get(id),
    tell: async (run) => {
      told.push(run);
    },
    clock: Date.now,
  });
  const runner = new BulkRunner({
    repository: repo,
    jobs,
    upstream: upstream as never,
    workspace,
    publish: async (events) => {
      published.push(...events);
      await applyAllToWorkspace(
        store.db,
        events.map((event) => ({ event })),
        { now: Date.now() },
      );
    },
    progress,
    snooze: null,
    log,
    clock: Date.now,
    callsPerSecond: 0,
    sleep: async () => undefined,
    retryDelaysMs: [10, 20],
    ...over,
  });
  instances.set(runner, jobs);
  await runner.work();
  const service = new BulkService({
    repository: repo,
    runner,
    workspace,
    progress,
    assignable: new Set([AGENT.upstreamUserId, MATE]),
    snoozesAt: null,
    clock: Date.now,
  });
  return { runner, service, jobs };
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const by = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > by) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const ended = async (id: string): Promise<BulkRun> => {
  await until(async () => !['queued', 'running'].includes((await repo.state(id)) ?? ''));
  return (await repo.get(id))!;
};

const threads = (n: number) => Array.from({ length: n }, (_, i) => conversation(i + 1));
const idsOf = (n: number) => threads(n).map((t) => t.id);
const started = (outcome: Awaited<ReturnType<BulkService['startOnConversations']>>): BulkRun => {
  if (!outcome.ok) throw new Error(`not started: ${outcome.message}`);
  return outcome.value;
};

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  workspace = new WorkspaceReader(store.db);
  repo = new BulkRepository(store.db);
}, 60_000);
afterAll(() => store.close());
beforeEach(async () => {
  calls = [];
  writes = [];
  faults = [];
  told = [];
  published = [];
  refusing.clear();
  await sql`delete from jobs.job where name = ${QUEUES.bulkRun}`.execute(store.db);
  for (const table of ['ws_conversations', 'ws_leads', 'ws_lists', 'ws_meta'] as const)
    await store.db.deleteFrom(table).execute();
  await seedWorkspace(store.db, {
    conversations: threads(30),
    stages: [stage(1, 'new', { name: 'New', is_default: true }), stage(2, 'won', { name: 'Won' })],
    leads: [1, 2, 3].map((n) => lead(n, { status: 'new' })),
  });
  await setMeta(store.db, 'loaded', ['conversations', 'leads']);
});
afterEach(async () => {
  for (const release of releases.splice(0)) release(new UpstreamError('unreachable', 'held', 'test ended'));
  for (const [runner, jobs] of instances) {
    await runner.close();
    await jobs.stop(2_000);
  }
  instances.clear();
});

describe('a bulk action on threads', () => {
  it('closes every selected thread once, tells the live lists and the starter, and ends done', async () => {
    await seedWorkspace(store.db, { conversations: [conversation(2, { status: 'closed' })] });
    const { service } = await instance();
    const run = started(
      await service.startOnConversations(AGENT, { action: 'close', selection: { ids: idsOf(5) } }),
    );
    expect(run).toMatchObject({ state: 'queued', total: 5, done: 0, startedBy: AGENT.username });
    const end = await ended(run.id);
    expect(end).toMatchObject({ state: 'done', total: 5, done: 5, refused: 0 });
    // The one closed already is not written again.
    expect(writes.sort()).toEqual(
      idsOf(5)
        .filter((_, i) => i !== 1)
        .map((id) => `conversations.close ${id}`)
        .sort(),
    );
    expect((await workspace.conversation(idsOf(5)[4]!))?.status).toBe('closed');
    expect(published.filter((e) => e.type === 'conversation.upserted')).toHaveLength(4);
    expect(told.at(-1)).toMatchObject({ id: run.id, state: 'done', done: 5 });
  });

  it('reports a refused thread with the upstream reason and name, and goes on with the rest', async () => {
    const [a, b, c] = idsOf(3);
    refusing.set(b!, 'Thread is locked by the platform');
    const { service } = await instance();
    const run = started(
      await service.startOnConversations(AGENT, {
        action: 'assign',
        args: { userId: MATE },
        selection: { ids: [a!, b!, c!] },
      }),
    );
    expect(await ended(run.id)).toMatchObject({ state: 'done', done: 2, refused: 1 });
    const report = await service.report(AGENT, run.id);
    expect(report.ok && report.value.refused).toEqual([
      {
        recordId: b,
        name: expect.any(String),
        reason: 'The messaging service refused this thread (422): Thread is locked by the platform',
      },
    ]);
    expect((await workspace.conversation(c!))?.assigned_to_user_id).toBe(MATE);
  });

  it('counts repeated ids once and refuses ids the workspace does not hold, without failing', async () => {
    const [a] = idsOf(1);
    const unknown = 'deadbeef-0000-4000-8000-000000000001';
    const { service } = await instance();
    const run = started(
      await service.startOnConversations(AGENT, {
        action: 'close',
        selection: { ids: [a!, a!, unknown, a!] },
      }),
    );
    expect(run.total).toBe(2);
    expect(await ended(run.id)).toMatchObject({ state: 'done', done: 1, refused: 1 });
    const report = await service.report(AGENT, run.id);
    expect(report.ok && report.value.refused).toEqual([
      { recordId: unknown, name: null, reason: 'Not in this workspace (it may have been removed)' },
    ]);
    expect(writes).toEqual([`conversations.close ${a}`]);
  });

  it('stops at a cancel, leaving the rest untouched', async () => {
    const { service } = await instance();
    const hold = holdNext('conversations.close');
    const run = started(
      await service.startOnConversations(AGENT, { action: 'close', selection: { ids: idsOf(10) } }),
    );
    await hold.reached;
    const cancelled = await service.cancel(AGENT, run.id);
    expect(cancelled).toMatchObject({ ok: true, value: { state: 'cancelled' } });
    hold.release();
    await until(async () => (await repo.get(run.id))!.done >= 1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(writes).toHaveLength(1);
    expect(await repo.get(run.id)).toMatchObject({ state: 'cancelled', done: 1 });
    // Nothing to cancel twice, nothing to resume.
    expect(await service.cancel(AGENT, run.id)).toMatchObject({ ok: false, status: 409 });
    expect(await service.resume(AGENT, run.id)).toMatchObject({ ok: false, status: 409 });
  });

  it('pauses with a reason when the upstream is down, and a resume finishes every thread once', async () => {
    const { service } = await instance();
    // The first thread's close meets an outage longer than the retries.
    faults.push(...[1, 2, 3].map(() => new UpstreamError('unreachable', 'conversations.close', 'down')));
    const run = started(
      await service.startOnConversations(AGENT, { action: 'close', selection: { ids: idsOf(4) } }),
    );
    const paused = await ended(run.id);
    expect(paused).toMatchObject({ state: 'paused', done: 0 });
    expect(paused.reason).toBe('The messaging service is not answering (down); resume when it is back.');
    expect(await service.resume(AGENT, run.id)).toMatchObject({ ok: true, value: { state: 'queued' } });
    expect(await ended(run.id)).toMatchObject({ state: 'done', done: 4 });
    expect(writes.sort()).toEqual(
      idsOf(4)
        .map((id) => `conversations.close ${id}`)
        .sort(),
    );
    // The attempted one was looked up before it was written.
    expect(calls).toContain(`conversations.get ${idsOf(1)[0]}`);
  });

  it('is finished by another instance when one gets stuck in the middle: every thread closed exactly once', async () => {
    const stuck = await instance({ slice: { rows: 5 } });
    const run = started(
      await stuck.service.startOnConversations(AGENT, { action: 'close', selection: { ids: idsOf(30) } }),
    );
    await until(async () => (await repo.get(run.id))!.done >= 7);
    const hold = holdNext('conversations.close');
    await hold.reached;
    const other = await instance({ slice: { rows: 5 } });
    // The stuck instance's queue gives up on its slice, as the queue does with a dead instance's.
    await stuck.jobs.stop(1_000);
    const end = await ended(run.id);
    await other.runner.settled(run.id);
    expect(end).toMatchObject({ state: 'done', done: 30, refused: 0 });
    hold.release(new UpstreamError('unreachable', 'conversations.close', 'gone'));
    await stuck.runner.settled(run.id);
    expect(writes).toHaveLength(30);
    expect(new Set(writes).size).toBe(30);
  });
});

describe('starting a bulk action', () => {
  it('refuses what it cannot do before anything is kept', async () => {
    const { service } = await instance();
    const before = (await service.list(AGENT)).length;
    const ids = { ids: idsOf(2) };
    expect(await service.startOnConversations(AGENT, { action: 'assign', selection: ids })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await service.startOnConversations(AGENT, {
        action: 'assign',
        args: { userId: 'ffffffff-0000-4000-8000-000000000000' },
        selection: ids,
      }),
    ).toMatchObject({ ok: false, status: 400, message: 'args.userId is not a member of the team' });
    expect(
      await service.startOnConversations(AGENT, {
        action: 'snooze',
        args: { until: '9999-12-31T00:00:00Z' },
        selection: ids,
      }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await service.startOnConversations(AGENT, {
        action: 'snooze',
        args: { until: '2001-01-01T00:00:00Z' },
        selection: ids,
      }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await service.startOnLeads(AGENT, { action: 'move', args: { stage: 'no\u0000such' }, selection: ids }),
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await service.list(AGENT)).toHaveLength(before);
  });

  it('resolves "all matching the filter" to the threads under it, refusing more than the person saw', async () => {
    await seedWorkspace(store.db, { conversations: [conversation(3, { status: 'closed' })] });
    const { service } = await instance();
    const grew = await service.startOnConversations(AGENT, {
      action: 'reopen',
      selection: { filter: { status: 'open' }, expected: 10 },
    });
    expect(grew).toMatchObject({ ok: false, status: 409 });
    // Text PostgreSQL cannot hold in a parameter matches nothing; it never fails the start.
    const hostile = await service.startOnConversations(AGENT, {
      action: 'close',
      selection: { filter: { search: 'a\u0000\uD800'.repeat(60) }, expected: 1 },
    });
    expect(hostile).toMatchObject({ ok: false, status: 409, message: 'Nothing matches the filter any more' });
    const run = started(
      await service.startOnConversations(AGENT, {
        action: 'reopen',
        selection: { filter: { status: 'closed' }, expected: 1 },
      }),
    );
    expect(run.total).toBe(1);
    expect(await ended(run.id)).toMatchObject({ state: 'done', done: 1 });
    expect(writes).toEqual([`conversations.reopen ${conversation(3).id}`]);
  });

  it('moves and deletes leads, a lead gone meanwhile refused with why', async () => {
    const { service } = await instance();
    const manager = { ...AGENT, role: 'manager' as const };
    const moved = await service.startOnLeads(manager, {
      action: 'move',
      args: { stage: 'won' },
      selection: { filter: {}, expected: 3 },
    });
    if (!moved.ok) throw new Error(moved.message);
    expect(await ended(moved.value.id)).toMatchObject({ state: 'done', done: 3 });
    expect((await workspace.lead(lead(1).id))?.status).toBe('won');
    await store.db
      .updateTable('ws_leads')
      .set({ removed_at: Date.now() })
      .where('id', '=', lead(3).id)
      .execute();
    const deleted = await service.startOnLeads(manager, {
      action: 'delete',
      selection: { ids: [lead(1).id, lead(2).id, lead(3).id] },
    });
    if (!deleted.ok) throw new Error(deleted.message);
    expect(await ended(deleted.value.id)).toMatchObject({ state: 'done', done: 2, refused: 1 });
    expect(await workspace.lead(lead(1).id)).toBeUndefined();
    // Another agent does not see someone else's run.
    expect(await service.get({ ...AGENT, username: 'other@test.example' }, deleted.value.id)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
