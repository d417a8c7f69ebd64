import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store';
import { describeOnEachStore } from '../testing/test-stores';
import { JobQueue, QUEUES } from './job-queue';
import { waitFor } from '../testing/wait-for';

// The queue on both databases: a job runs at its time, not before; once across two instances; a
// failing job is retried; a second send with the same id adds nothing; a cancelled job never runs.

const log = pino({ level: 'silent' });
const QUEUE = QUEUES.snoozeWake;

describeOnEachStore('job queue', (suite) => {
  const queues: JobQueue[] = [];
  const queueOn = async (db: Kysely<unknown>): Promise<JobQueue> => {
    const queue = new JobQueue(db, { log, pollingIntervalSeconds: 0.5 });
    await queue.start();
    queues.push(queue);
    return queue;
  };
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop(2_000)));
  });

  it('runs a job at its time, not before, and a cancelled one never', async () => {
    const store = await suite.openFresh();
    const queue = await queueOn(store.db as Kysely<unknown>);
    const ran = new Map<string, number>();
    await queue.work<{ name: string }>(QUEUE, async (job) => {
      ran.set(job.data.name, Date.now());
    });
    const due = Date.now() + 1_500;
    await queue.schedule(QUEUE, { name: 'later' }, { startAfter: new Date(due) });
    const cancelled = await queue.schedule(QUEUE, { name: 'cancelled' }, { startAfter: new Date(due) });
    await queue.cancel(QUEUE, cancelled!);
    await waitFor(() => ran.has('later'));
    expect(ran.get('later')!).toBeGreaterThanOrEqual(due);
    expect((await queue.get(QUEUE, cancelled!))?.state).toBe('cancelled');
    expect(ran.has('cancelled')).toBe(false);
  });

  it('adds nothing for a second send with the same id', async () => {
    const store = await suite.openFresh();
    const queue = await queueOn(store.db as Kysely<unknown>);
    const id = randomUUID();
    expect(await queue.schedule(QUEUE, { n: 1 }, { id, startAfter: new Date(Date.now() + 60_000) })).toBe(id);
    expect(
      await queue.schedule(QUEUE, { n: 2 }, { id, startAfter: new Date(Date.now() + 60_000) }),
    ).toBeNull();
  });

  it('retries a job whose handler fails, and others in its batch are not held back', async () => {
    const store = await suite.openFresh();
    const queue = await queueOn(store.db as Kysely<unknown>);
    const attempts = new Map<string, number>();
    await queue.work<{ name: string }>(QUEUE, async (job) => {
      const n = (attempts.get(job.data.name) ?? 0) + 1;
      attempts.set(job.data.name, n);
      if (job.data.name === 'flaky' && n === 1) throw new Error('upstream down');
    });
    await queue.schedule(QUEUE, { name: 'flaky' }, { retryLimit: 2 });
    await queue.schedule(QUEUE, { name: 'fine' });
    await waitFor(() => (attempts.get('flaky') ?? 0) >= 2 && attempts.has('fine'));
    expect(attempts.get('fine')).toBe(1);
  });

  it('lists a job that failed for good with its reason, and runs it again when asked', async () => {
    const store = await suite.openFresh();
    const queue = await queueOn(store.db as Kysely<unknown>);
    let attempts = 0;
    await queue.work<{ name: string }>(QUEUE, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('upstream down at \u0000 the due time');
    });
    const id = (await queue.schedule(QUEUE, { conversationId: 'c-1' }, { retryLimit: 0 }))!;
    const failed = async () => (await queue.find(QUEUE, id))?.state === 'failed';
    const until = Date.now() + 15_000;
    while (!(await failed())) {
      if (Date.now() > until) throw new Error('the job never failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [listed] = await queue.list({ state: 'failed' }, 10);
    expect(listed).toMatchObject({ id, queue: QUEUE, state: 'failed', data: { conversationId: 'c-1' } });
    expect(listed!.output).toMatchObject({ message: expect.stringContaining('upstream down') });
    expect(await queue.list({ queue: QUEUES.importRun }, 10)).toEqual([]);

    await queue.retry(QUEUE, id);
    await waitFor(() => attempts === 2);
    const done = async () => (await queue.find(QUEUE, id))?.state === 'completed';
    while (!(await done())) {
      if (Date.now() > until) throw new Error('the retried job never completed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(attempts).toBe(2);
  });

  if (suite.kind === 'postgres')
    it('runs each of many jobs once with two instances working the same database', async () => {
      const location = await suite.freshLocation();
      const stores = [await openStore(location), await openStore(location)];
      try {
        const [a, b] = await Promise.all(stores.map((s) => queueOn(s.db as Kysely<unknown>)));
        const runs: string[] = [];
        for (const queue of [a!, b!])
          await queue.work<{ n: number }>(QUEUE, async (job) => {
            runs.push(String(job.data.n));
          });
        const count = 200;
        for (let n = 0; n < count; n++) await a!.schedule(QUEUE, { n });
        await waitFor(() => runs.length >= count);
        // A moment more for a second run, if there were one, to show up.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(runs).toHaveLength(count);
        expect(new Set(runs).size).toBe(count);
      } finally {
        await Promise.all(queues.splice(0).map((q) => q.stop(2_000)));
        await Promise.all(stores.map((s) => s.close()));
      }
    });
});

describe('job queue on a database that is gone', () => {
  it('reports the failure to start instead of crashing the process', async () => {
    const store = await openStore({ kind: 'pglite', dataDir: null });
    await store.close();
    const queue = new JobQueue(store.db as Kysely<unknown>, { log });
    await expect(queue.start()).rejects.toThrow();
  });
});
