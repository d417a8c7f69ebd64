import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../contract';
import { RedisBus } from '../events/redis-bus';
import { createLogger } from '../logger';
import { lead } from '../testing/live-records';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { AppliedLog } from './applied-log';
import { recoverFromGaps } from './gap-recovery';
import { ReadModel } from './read-model';
import { RedisSnapshots, toSnapshot } from './snapshot';
import { SnapshotKeeper } from './snapshot-keeper';
import { DEFAULT_SYNC_SETTINGS } from './sync-settings';

// An instance whose place in the bus fell out of what the stream keeps (entries it had not read
// yet were trimmed) must not read on as if nothing happened: a follower loads the newest snapshot
// again, the syncing instance reads the workspace again.

const log = createLogger('silent');
let redis: TestRedis;
let raw: Redis;
const closers: (() => Promise<void> | void)[] = [];
let seq = 0;

const upserted = (n: number): LiveEvent => ({ type: 'lead.upserted', lead: lead(n) });
const fields = (n: number) => ['e', JSON.stringify(upserted(n))];

beforeAll(async () => {
  redis = await startTestRedis();
  raw = new Redis(redis.url);
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  raw.disconnect();
  await redis.stop();
});

/** An instance's bus, model and applied log, as startLive wires them. */
async function instance(key: string) {
  const bus = await RedisBus.open(redis.url, { key, log });
  const model = new ReadModel();
  const applied = new AppliedLog(model, Date.now, log);
  const off = bus.subscribe((event) => applied.apply(event));
  closers.push(async () => {
    off();
    applied.close();
    await bus.close();
  });
  return { bus, model, applied };
}

/** Adds three leads' events and trims the first two before any reader can see them. */
async function lose(key: string, first: number): Promise<string> {
  const replies = await raw
    .multi()
    .xadd(key, '*', ...fields(first))
    .xadd(key, '*', ...fields(first + 1))
    .xadd(key, '*', ...fields(first + 2))
    .xtrim(key, 'MAXLEN', 1)
    .exec();
  return replies![2]![1] as string;
}

describe('an instance that fell behind what the bus keeps', () => {
  it('as a follower, loads the newest snapshot again instead of keeping a model with holes', async () => {
    const key = `gap-${seq++}`;
    const { bus, model, applied } = await instance(key);
    const snapshots = new RedisSnapshots(raw, `${key}:snapshot`, log);
    const keeper = new SnapshotKeeper({
      snapshots,
      bus,
      applied,
      model,
      settings: { ...DEFAULT_SYNC_SETTINGS, snapshotEveryMs: 50 },
      log,
    });
    closers.push(() => keeper.stop());
    const stop = recoverFromGaps({
      applied,
      lease: { held: false },
      engine: { reload: vi.fn() },
      keeper,
      log,
    });
    closers.push(stop);

    const publisher = await instance(key);
    await publisher.bus.publish([{ event: upserted(1) }]);
    await vi.waitFor(() => expect([...model.leads.keys()]).toEqual([lead(1).id]));

    // Leads 2 and 3 are trimmed before this instance read them; lead 4 is what it reads next. The
    // syncing instance's snapshot, written after, holds every lead.
    const kept = await lose(key, 2);
    const whole = new ReadModel();
    for (const n of [1, 2, 3, 4]) whole.leads.set(lead(n).id, lead(n));
    await snapshots.save(toSnapshot(whole, kept));

    await vi.waitFor(() => expect(model.leads.size).toBe(4));
    expect([...model.leads.keys()].sort()).toEqual([1, 2, 3, 4].map((n) => lead(n).id).sort());
  });

  it('as the syncing instance, reads the workspace again, once while it is at it', async () => {
    const key = `gap-${seq++}`;
    const { applied } = await instance(key);
    let finish: () => void = () => undefined;
    const reload = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const keeper = { reload: vi.fn() };
    closers.push(recoverFromGaps({ applied, lease: { held: true }, engine: { reload }, keeper, log }));
    const publisher = await instance(key);
    await publisher.bus.publish([{ event: upserted(1) }]);
    await vi.waitFor(() => expect(applied.lastId).not.toBeNull());

    await lose(key, 2);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // A second gap while the read is under way: that read covers it.
    await lose(key, 5);
    await vi.waitFor(() => expect(applied.recent().at(-1)?.event).toEqual(upserted(7)));
    expect(reload).toHaveBeenCalledTimes(1);
    finish();
    expect(keeper.reload).not.toHaveBeenCalled();
  });
});
