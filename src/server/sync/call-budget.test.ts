import { describe, expect, it, vi } from 'vitest';
import { CallBudget, type CallPriority } from './call-budget';

// The sync's upstream budget, on a clock the test moves: never more calls than the rate allows,
// the hot read served before the sweeps, a reserve the sweeps leave for it, a share for the
// sweeps when the hot read never rests, and the catch-ups' larger share beside the sweeps.

function budget(perMinute: number) {
  let now = 0;
  const b = new CallBudget(perMinute, () => now);
  return {
    b,
    advance: async (ms: number) => {
      now += ms;
      // The budget wakes on a timer; the test nudges it with a zero-cost take.
      await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

/** At 60 a minute the bucket holds one call and refills the other 59 over the minute. */
const ONE_A_SECOND = Math.ceil(60_000 / 59);

const settled = async <T>(promises: Promise<T>[]) => {
  const done: boolean[] = promises.map(() => false);
  promises.forEach((p, i) => void p.then(() => (done[i] = true)));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
};

/**
 * At 60 a minute with an empty bucket (one call a second): the calls waiting, queued in the
 * order given, and which priority each of the next `seconds` grants went to.
 */
async function grantedOrder(
  waiting: Partial<Record<CallPriority, number>>,
  seconds: number,
): Promise<CallPriority[]> {
  vi.useFakeTimers();
  try {
    let now = 0;
    const b = new CallBudget(60, () => now);
    await b.take('hot');
    const order: CallPriority[] = [];
    for (const [priority, count] of Object.entries(waiting) as [CallPriority, number][])
      for (let i = 0; i < count; i++) void b.take(priority).then(() => order.push(priority));
    for (let i = 0; i < seconds; i++) {
      now += ONE_A_SECOND;
      await vi.advanceTimersByTimeAsync(ONE_A_SECOND);
    }
    // What release() lets go is not a grant.
    const granted = [...order];
    b.release();
    return granted;
  } finally {
    vi.useRealTimers();
  }
}

describe('the sync’s call budget', () => {
  it('lets through at most a second’s worth at once, then the rate', async () => {
    const { b } = budget(600);
    const takes = Array.from({ length: 15 }, () => b.take('hot'));
    const done = await settled(takes);
    // 600 a minute: 10 at once, then one each 100 ms.
    expect(done.filter(Boolean)).toHaveLength(10);
    b.release();
  });

  it('serves the hot read before the sweeps, and keeps a reserve for it', async () => {
    const { b } = budget(600);
    // The sweeps alone may not drain the last third of the bucket.
    const sweeps = Array.from({ length: 10 }, () => b.take('sweep'));
    expect((await settled(sweeps)).filter(Boolean)).toHaveLength(7);
    const hot = [b.take('hot'), b.take('hot')];
    expect(await settled(hot)).toEqual([true, true]);
    expect(b.calls).toBe(9);
    b.release();
  });

  it('gives the sweeps one call in three while the hot read never rests', async () => {
    const order = await grantedOrder({ hot: 6, sweep: 3 }, 6);
    expect(order).toEqual(['hot', 'hot', 'sweep', 'hot', 'hot', 'sweep']);
  });

  it('gives the catch-ups two calls for each sweep’s one when both wait', async () => {
    const order = await grantedOrder({ sweep: 3, 'catch-up': 6 }, 7);
    expect(order).toEqual(['catch-up', 'catch-up', 'sweep', 'catch-up', 'catch-up', 'sweep', 'catch-up']);
  });

  it('serves a first load before the catch-ups and sweeps', async () => {
    const order = await grantedOrder({ 'catch-up': 2, sweep: 1, load: 2 }, 5);
    expect(order).toEqual(['load', 'load', 'catch-up', 'catch-up', 'sweep']);
  });

  it('never makes more calls in a minute than the setting, the first second’s burst included', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const b = new CallBudget(600, () => now);
      let made = 0;
      for (let i = 0; i < 700; i++) void b.take(i % 2 ? 'hot' : 'sweep').then(() => (made += 1));
      for (let ms = 0; ms < 60_000; ms += 100) {
        now += 100;
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(made).toBeLessThanOrEqual(600);
      expect(made).toBeGreaterThan(590);
      b.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refills with time, at the set rate', async () => {
    const { b, advance } = budget(60);
    await b.take('hot');
    const next = b.take('hot');
    expect(await settled([next])).toEqual([false]);
    await advance(ONE_A_SECOND);
    const woken = b.take('hot');
    expect(await settled([next, woken])).toEqual([true, false]);
    b.release();
  });
});
