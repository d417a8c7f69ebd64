import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createPacer } from './paced';
import type { Clock } from './rate-limit';

function manualClock() {
  let now = 0;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
  return { clock, sleeps, at: () => now };
}

const limited = (retryAfterMs: number | null) => new ApiError(429, null, true, undefined, retryAfterMs);

describe('the bulk pacer', () => {
  it('spaces calls to the rate it is given', async () => {
    const { clock, at } = manualClock();
    const pacer = createPacer({ perSecond: 5, clock });
    const starts: number[] = [];
    for (let i = 0; i < 4; i += 1) await pacer.run(() => Promise.resolve(starts.push(at())));
    expect(starts).toEqual([0, 200, 400, 600]);
  });

  it('waits out every 429 for as long as the server says and never gives up on one', async () => {
    const { clock, at } = manualClock();
    const waits: (number | null)[] = [];
    const pacer = createPacer({ perSecond: 1000, clock, onWait: (ms) => waits.push(ms) });
    let calls = 0;
    const result = await pacer.run(() => {
      calls += 1;
      return calls <= 6 ? Promise.reject(limited(calls === 1 ? 3_000 : null)) : Promise.resolve('done');
    });
    expect(result).toBe('done');
    expect(calls).toBe(7);
    expect(waits).toEqual([3_000, 1_000, 1_000, 1_000, 1_000, 1_000, null]);
    expect(at()).toBeGreaterThanOrEqual(8_000);
  });

  it('tries network errors and 5xx again a few times, then gives up', async () => {
    const { clock, sleeps } = manualClock();
    const pacer = createPacer({ perSecond: 1000, clock });
    let calls = 0;
    await expect(
      pacer.run(() => {
        calls += 1;
        return Promise.reject(new ApiError(503, null, false));
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(4);
    expect(sleeps.filter((ms) => ms >= 1000)).toEqual([1000, 2000, 4000]);
  });

  it('stops at once on any other error', async () => {
    const { clock } = manualClock();
    const pacer = createPacer({ clock });
    let calls = 0;
    await expect(
      pacer.run(() => {
        calls += 1;
        return Promise.reject(new ApiError(400, null, false));
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(calls).toBe(1);
  });

  it('stops when its signal is aborted', async () => {
    const { clock } = manualClock();
    const controller = new AbortController();
    const pacer = createPacer({ clock, signal: controller.signal });
    controller.abort();
    await expect(pacer.run(() => Promise.resolve(1))).rejects.toMatchObject({ name: 'AbortError' });
  });
});
