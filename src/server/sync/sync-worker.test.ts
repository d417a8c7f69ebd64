import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { UpstreamError } from '../upstream/upstream-error';
import { backoffDelay, rateLimitedUntil, UpstreamHealth } from './backoff';
import { SyncWorker, type SyncTask, type Timers } from './sync-worker';

/** Timers on a clock the test moves: nothing waits for real time. */
class ManualTimers implements Timers {
  now = 0;
  private queue: { at: number; fn: () => void; id: number }[] = [];
  private seq = 0;
  setTimeout(fn: () => void, ms: number): number {
    this.seq += 1;
    this.queue.push({ at: this.now + ms, fn, id: this.seq });
    return this.seq;
  }
  clearTimeout(handle: unknown): void {
    this.queue = this.queue.filter((t) => t.id !== handle);
  }
  /** Moves the clock, firing each due timer in time order and letting its task settle. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      this.queue.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.queue[0];
      if (!next || next.at > end) break;
      this.queue.shift();
      this.now = next.at;
      next.fn();
      for (let i = 0; i < 20; i++) await Promise.resolve();
    }
    this.now = end;
  }
}

const task = (name: string, intervalMs: number, run: () => Promise<void>): SyncTask & { runs: number[] } => {
  const runs: number[] = [];
  return { name, intervalMs: () => intervalMs, runs, run: () => run() };
};

function worker(timers: ManualTimers, tasks: SyncTask[], backoffMaxMs = 60_000): SyncWorker {
  return new SyncWorker({
    tasks,
    clock: () => timers.now,
    timers,
    backoffMaxMs,
    log: createLogger('silent'),
  });
}

describe('SyncWorker', () => {
  it('runs each task at once and then on its own interval', async () => {
    const timers = new ManualTimers();
    const runs: string[] = [];
    const w = worker(timers, [
      task('fast', 1000, async () => void runs.push(`fast@${timers.now}`)),
      task('slow', 5000, async () => void runs.push(`slow@${timers.now}`)),
    ]);
    w.start();
    await timers.advance(5000);
    expect(runs.filter((r) => r.startsWith('fast'))).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => `fast@${n * 1000}`),
    );
    expect(runs.filter((r) => r.startsWith('slow'))).toEqual(['slow@0', 'slow@5000']);
    w.stop();
    await timers.advance(5000);
    expect(runs).toHaveLength(8);
  });

  it('keeps its pace from start to start, and rests a quarter interval after a run longer than one', async () => {
    const timers = new ManualTimers();
    const starts: number[] = [];
    // Each run takes 300 ms of the clock, the fourth 1,500 ms.
    const w = worker(timers, [
      task('hot', 1000, async () => {
        starts.push(timers.now);
        await new Promise<void>((resolve) => timers.setTimeout(resolve, starts.length === 4 ? 1500 : 300));
      }),
    ]);
    w.start();
    await timers.advance(6000);
    w.stop();
    expect(starts).toEqual([0, 1000, 2000, 3000, 4750, 5750]);
  });

  it('backs a failing task off, doubling up to the cap, while the others keep their pace', async () => {
    const timers = new ManualTimers();
    const failing: number[] = [];
    const healthy: number[] = [];
    const w = worker(
      timers,
      [
        task('broken', 1000, () => {
          failing.push(timers.now);
          return Promise.reject(new UpstreamError('http', 'leads.list', 'The upstream answered 500', 500));
        }),
        task('fine', 1000, async () => void healthy.push(timers.now)),
      ],
      5000,
    );
    w.start();
    await timers.advance(20_000);
    expect(failing).toEqual([0, 2000, 6000, 11_000, 16_000]);
    expect(healthy).toHaveLength(21);
    expect(w.status().find((s) => s.name === 'broken')?.failures).toBe(5);
  });

  it('holds every task until a 429’s Retry-After, without counting it as a failure', async () => {
    const timers = new ManualTimers();
    const runs: string[] = [];
    let limited = true;
    const w = worker(timers, [
      task('a', 1000, () => {
        runs.push(`a@${timers.now}`);
        if (!limited) return Promise.resolve();
        limited = false;
        return Promise.reject(new UpstreamError('rate-limited', 'tags.list', 'slow down', 429, 7000));
      }),
      task('b', 1000, async () => void runs.push(`b@${timers.now}`)),
    ]);
    w.start();
    await timers.advance(8000);
    // The 429 came back before b's turn: nothing runs again before 7000.
    expect(runs).toEqual(['a@0', 'a@7000', 'b@7000', 'a@8000', 'b@8000']);
    expect(w.status().every((s) => s.failures === 0)).toBe(true);
  });

  it('runs a task now when nudged, and every idle task when told the upstream is back', async () => {
    const timers = new ManualTimers();
    const runs: string[] = [];
    const w = worker(timers, [
      task('hot', 10_000, async () => void runs.push(`hot@${timers.now}`)),
      task('sweep', 60_000, async () => void runs.push(`sweep@${timers.now}`)),
    ]);
    w.start();
    await timers.advance(500);
    w.nudge('hot');
    await timers.advance(500);
    w.runAllNow();
    await timers.advance(0);
    expect(runs).toEqual(['hot@0', 'sweep@0', 'hot@500', 'hot@1000', 'sweep@1000']);
  });
});

describe('the failure policy', () => {
  it('doubles the back-off from the interval and caps it', () => {
    expect([0, 1, 2, 3, 10].map((f) => backoffDelay(1000, f, 6000))).toEqual([1000, 2000, 4000, 6000, 6000]);
    // A slow sweep that failed is tried again within the cap, not a whole interval later.
    expect(backoffDelay(120_000, 1, 60_000)).toBe(60_000);
  });

  it('keeps a Retry-After between 1 s and 5 min, 30 s without one', () => {
    expect(rateLimitedUntil(7000, 100)).toBe(7100);
    expect(rateLimitedUntil(0, 100)).toBe(1100);
    expect(rateLimitedUntil(3_600_000, 0)).toBe(300_000);
    expect(rateLimitedUntil(null, 0)).toBe(30_000);
  });

  it('reports only changes of state, and a resync after an outage longer than the bound', () => {
    const health = new UpstreamHealth(0, 10_000);
    expect(health.succeeded(1)).toBeNull();
    expect(health.failed('malformed', 2)).toBeNull();
    expect(health.failed('timeout', 3)).toEqual({
      state: 'unreachable',
      since: 3,
      resync: false,
      recovered: false,
    });
    expect(health.failed('unreachable', 4)).toBeNull();
    expect(health.failed('key-refused', 5)?.state).toBe('key-refused');
    expect(health.succeeded(6)).toEqual({ state: 'ok', since: 6, resync: false, recovered: true });
    health.failed('unreachable', 100);
    expect(health.succeeded(20_000)).toEqual({ state: 'ok', since: 20_000, resync: true, recovered: true });
  });
});
