import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reminder } from '../../contract';
import type { BusEvent, EventBus, PublishInput } from '../events/bus';
import { MemoryBus } from '../events/memory-bus';
import { JobQueue, QUEUES } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation, lead } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import { CONVERSATIONS, LEADS } from '../workspace/record-kinds';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { removeRecord } from '../workspace/workspace-writer';
import { ReminderRepository } from './reminder-repository';
import { ReminderService, type ReminderOutcome } from './reminder-service';
import { waitFor } from '../testing/wait-for';

// Reminders through the real job queue, worked by two instances at once (two queues, two services
// over one database, one bus standing for Redis's fan-out): each fires at its time once, to its
// owner only; cancelling stops it; moving it moves its job; another person can neither see nor
// change it; a record deleted meanwhile still fires, saying so; a run that died half-way, telling
// that failed, and a job that gave up all still end with the person told.

const log = pino({ level: 'silent' });
const OWNER = 'owner@test.example';
const OTHER = 'other@test.example';
/** The services' clock runs this far behind real time, so a reminder just past its minimum (a
 *  minute ahead of it) is due about two seconds from now in the queue's real time. */
const BEHIND_MS = 59_000;
const clock = () => Date.now() - BEHIND_MS;

/** A bus that fails its next publish when asked (Redis away at the due time). */
class FlakyBus implements EventBus {
  failNext = false;
  constructor(private readonly inner: MemoryBus) {}
  publish(inputs: readonly PublishInput[]): Promise<readonly BusEvent[]> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('bus away'));
    }
    return this.inner.publish(inputs);
  }
  subscribe(listener: (event: BusEvent) => void) {
    return this.inner.subscribe(listener);
  }
  replayAfter(lastId: string) {
    return this.inner.replayAfter(lastId);
  }
  lastId() {
    return this.inner.lastId();
  }
  close() {
    return this.inner.close();
  }
}

let store: TeamStore;
const queues: JobQueue[] = [];
const services: ReminderService[] = [];
let repository: ReminderRepository;
let bus: FlakyBus;
/** Every `reminder.due` published, with who it was for. */
const told: { reminder: Reminder; audience: readonly string[] | undefined }[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  repository = new ReminderRepository(store.db);
  bus = new FlakyBus(new MemoryBus());
  bus.subscribe(({ event, audience }) => {
    if (event.type === 'reminder.due') told.push({ reminder: event.reminder, audience });
  });
  // Two instances: each its own queue and service over the same database.
  for (let i = 0; i < 2; i++) {
    const jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
    await jobs.start();
    queues.push(jobs);
    const service = new ReminderService({
      repository,
      workspace: new WorkspaceReader(store.db),
      jobs,
      bus,
      clock,
      log,
    });
    await service.start();
    services.push(service);
  }
  await seedWorkspace(store.db, {
    conversations: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => conversation(n)),
    leads: [1, 2].map((n) => lead(n, { name: `Lead ${String(n)}` })),
  });
}, 60_000);
afterAll(async () => {
  for (const jobs of queues) await jobs.stop(2_000);
  await store.close();
});

const service = () => services[0]!;
const soon = () => new Date(clock() + 61_000).toISOString();
const inAnHour = () => new Date(clock() + 3_600_000).toISOString();
const onThread = (n: number) => ({ kind: 'conversation' as const, id: conversation(n).id });
const created = (outcome: ReminderOutcome): Reminder => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.reminder;
};
const stateOf = async (id: string) => (await repository.byId(id))?.state;
const toldOf = (id: string) => told.filter((t) => t.reminder.id === id);

describe('a reminder at its time', () => {
  it('fires once across two instances, to its owner only, and is due until acted on', async () => {
    const r = created(
      await service().create(OWNER, { target: onThread(1), dueAt: soon(), note: 'Call back' }),
    );
    expect(r).toMatchObject({ state: 'pending', note: 'Call back', firedAt: null, recordGone: false });
    expect(r.label.length).toBeGreaterThan(0);
    await waitFor(async () => (await stateOf(r.id)) === 'due');
    // Time for a second instance (or a second run) to fire it again, if it could.
    await sleep(1_500);
    expect(toldOf(r.id)).toHaveLength(1);
    expect(toldOf(r.id)[0]).toMatchObject({
      audience: [OWNER],
      reminder: { state: 'due', recordGone: false },
    });
    expect((await service().list(OWNER, 'due')).map((x) => x.id)).toContain(r.id);
    const done = created(await service().close(OWNER, r.id, 'done'));
    expect(done.state).toBe('done');
    expect((await service().list(OWNER, undefined)).map((x) => x.id)).not.toContain(r.id);
  });

  it('is claimed once when the same job runs twice at the same moment', async () => {
    const r = created(await service().create(OWNER, { target: onThread(2), dueAt: inAnHour() }));
    const row = (await repository.byId(r.id))!;
    const job = { reminderId: r.id, dueAt: r.dueAt };
    await Promise.all([services[0]!.runJob(row.job_id!, job), services[1]!.runJob(row.job_id!, job)]);
    expect(toldOf(r.id)).toHaveLength(1);
    expect(await stateOf(r.id)).toBe('due');
    await service().close(OWNER, r.id, 'cancelled');
  });

  it('does not fire once cancelled, and its job is cancelled with it', async () => {
    const r = created(await service().create(OWNER, { target: onThread(3), dueAt: soon() }));
    const jobId = (await repository.byId(r.id))!.job_id!;
    expect(created(await service().close(OWNER, r.id, 'cancelled')).state).toBe('cancelled');
    // Asking again answers it as it is; asking for done is refused.
    expect(created(await service().close(OWNER, r.id, 'cancelled')).state).toBe('cancelled');
    expect(await service().close(OWNER, r.id, 'done')).toMatchObject({ ok: false, status: 409 });
    await sleep(3_000);
    expect(await stateOf(r.id)).toBe('cancelled');
    expect(toldOf(r.id)).toHaveLength(0);
    expect((await queues[0]!.get(QUEUES.reminderDue, jobId))?.state).toBe('cancelled');
    // A job that runs anyway (cancelled too late) claims nothing.
    await service().runJob(jobId, { reminderId: r.id, dueAt: r.dueAt });
    expect(toldOf(r.id)).toHaveLength(0);
  });

  it('moves with its time: the first job fires nothing, the new one fires at the new time', async () => {
    const r = created(await service().create(OWNER, { target: onThread(4), dueAt: soon() }));
    const firstJob = (await repository.byId(r.id))!.job_id!;
    const later = inAnHour();
    const moved = created(await service().update(OWNER, r.id, { dueAt: later, note: 'moved' }));
    expect(moved).toMatchObject({ state: 'pending', note: 'moved', dueAt: later });
    await sleep(3_000);
    expect(await stateOf(r.id)).toBe('pending');
    expect(toldOf(r.id)).toHaveLength(0);
    expect((await queues[0]!.get(QUEUES.reminderDue, firstJob))?.state).toBe('cancelled');
    // Back to soon: fires at that time, once; a due reminder moved again is pending again.
    created(await service().update(OWNER, r.id, { dueAt: soon() }));
    await waitFor(async () => (await stateOf(r.id)) === 'due');
    expect(toldOf(r.id)).toHaveLength(1);
    const rearmed = created(await service().update(OWNER, r.id, { dueAt: inAnHour() }));
    expect(rearmed).toMatchObject({ state: 'pending', firedAt: null });
    // A note alone leaves the time and the job as they are.
    const noted = created(await service().update(OWNER, r.id, { note: null }));
    expect(noted).toMatchObject({ note: null, dueAt: rearmed.dueAt, state: 'pending' });
  });

  it('is out of reach of anyone but its owner', async () => {
    const r = created(
      await service().create(OWNER, { target: onThread(5), dueAt: inAnHour(), note: 'mine' }),
    );
    expect((await service().list(OTHER, undefined)).map((x) => x.id)).not.toContain(r.id);
    expect((await service().list(OTHER, 'pending')).map((x) => x.id)).not.toContain(r.id);
    for (const attempt of [
      service().update(OTHER, r.id, { dueAt: soon() }),
      service().update(OTHER, r.id, { note: 'theirs' }),
      service().close(OTHER, r.id, 'done'),
      service().close(OTHER, r.id, 'cancelled'),
    ])
      expect(await attempt).toMatchObject({ ok: false, status: 404 });
    expect(await repository.byId(r.id)).toMatchObject({ state: 'pending', note: 'mine' });
  });

  it('on a thread or a lead deleted meanwhile, still fires, saying the record is gone', async () => {
    const onThreadR = created(await service().create(OWNER, { target: onThread(6), dueAt: soon() }));
    const onLeadR = created(
      await service().create(OWNER, { target: { kind: 'lead', id: lead(1).id }, dueAt: soon() }),
    );
    expect(onLeadR.label).toBe('Lead 1');
    await removeRecord(store.db, CONVERSATIONS, conversation(6).id, Date.now());
    await removeRecord(store.db, LEADS, lead(1).id, Date.now());
    await waitFor(
      async () => (await stateOf(onThreadR.id)) === 'due' && (await stateOf(onLeadR.id)) === 'due',
    );
    for (const r of [onThreadR, onLeadR]) {
      expect(toldOf(r.id)).toHaveLength(1);
      expect(toldOf(r.id)[0]!.reminder).toMatchObject({ state: 'due', recordGone: true, label: r.label });
      expect((await service().list(OWNER, 'due')).find((x) => x.id === r.id)?.recordGone).toBe(true);
    }
  });

  it('refuses a time in the past, too soon or too far, and a record the workspace lacks', async () => {
    for (const dueAt of [
      new Date(clock() - 60_000).toISOString(),
      new Date(clock() + 10_000).toISOString(),
      new Date(clock() + 400 * 24 * 3_600_000).toISOString(),
    ])
      expect(await service().create(OWNER, { target: onThread(7), dueAt })).toMatchObject({
        ok: false,
        status: 400,
        message: expect.stringMatching(/^dueAt/),
      });
    expect(await service().create(OWNER, { target: onThread(99), dueAt: inAnHour() })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await service().create(OWNER, { target: { kind: 'lead', id: conversation(7).id }, dueAt: inAnHour() }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await service().list(OWNER, undefined)).not.toContainEqual(
      expect.objectContaining({ target: onThread(7) }),
    );
  });
});

describe('a reminder whose firing was interrupted', () => {
  it('is told by the re-run of a job whose instance died after claiming it, and only then', async () => {
    const r = created(await service().create(OWNER, { target: onThread(7), dueAt: inAnHour() }));
    const jobId = (await repository.byId(r.id))!.job_id!;
    // The first run claimed it and died before telling anyone.
    await repository.claim(r.id, jobId, new Date(clock() - 5_000), false);
    const job = { reminderId: r.id, dueAt: r.dueAt };
    // A re-run while that run could still be telling leaves it to that run...
    await service().runJob(jobId, job);
    expect(toldOf(r.id)).toHaveLength(0);
    // ...and once its lease is old, the re-run tells, once.
    await repository.claim(r.id, jobId, new Date(), false); // no-op: not pending any more
    await store.db
      .updateTable('reminders')
      .set({ notifying_at: new Date(clock() - 120_000) })
      .where('id', '=', r.id)
      .execute();
    await service().runJob(jobId, job);
    await service().runJob(jobId, job);
    expect(toldOf(r.id)).toHaveLength(1);
  });

  it('fails its job when telling fails, and the retry tells', async () => {
    const r = created(await service().create(OWNER, { target: onThread(8), dueAt: inAnHour() }));
    const jobId = (await repository.byId(r.id))!.job_id!;
    const job = { reminderId: r.id, dueAt: r.dueAt };
    bus.failNext = true;
    await expect(service().runJob(jobId, job)).rejects.toThrow('bus away');
    expect(await stateOf(r.id)).toBe('due');
    expect(toldOf(r.id)).toHaveLength(0);
    await service().runJob(jobId, job);
    expect(toldOf(r.id)).toHaveLength(1);
  });

  it('is given a new job at start-up when its own gave up', async () => {
    const r = created(
      await service().create(OWNER, { target: { kind: 'lead', id: lead(2).id }, dueAt: inAnHour() }),
    );
    const jobId = (await repository.byId(r.id))!.job_id!;
    // Its job is gone (failed for good, or cancelled on the jobs page), and its time has passed.
    await queues[0]!.cancel(QUEUES.reminderDue, jobId);
    await store.db
      .updateTable('reminders')
      .set({ due_at: new Date(clock() - 60_000) })
      .where('id', '=', r.id)
      .execute();
    expect(await service().rearmLate()).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await stateOf(r.id)) === 'due');
    expect(toldOf(r.id)).toHaveLength(1);
    // A second sweep finds nothing left to re-arm for it.
    await service().rearmLate();
    await sleep(1_500);
    expect(toldOf(r.id)).toHaveLength(1);
  });
});
