import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, RateGate, parseRetryAfter, type Clock } from './rate-limit';

/** A clock that moves only when something sleeps on it, recording when each sleeper woke. */
function manualClock() {
  let now = 1_000_000;
  const clock: Clock = {
    now: () => now,
    sleep: (ms) => {
      now += Math.max(0, ms);
      return Promise.resolve();
    },
  };
  return { clock, at: () => now };
}

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, capped, and nothing else', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2_000);
    expect(parseRetryAfter(' 0.5 ', now)).toBe(500);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('the rate gate', () => {
  it('lets calls through at once while no limit was met', async () => {
    const { clock, at } = manualClock();
    const gate = new RateGate(clock);
    const start = at();
    for (let i = 0; i < 5; i += 1) await gate.acquire();
    expect(at()).toBe(start);
    expect(gate.heldUntil()).toBeNull();
  });

  it('holds every call for Retry-After after a 429', async () => {
    const { clock, at } = manualClock();
    const gate = new RateGate(clock);
    const start = at();
    gate.rateLimited(2_000);
    expect(gate.heldUntil()).toBe(start + 2_000);
    await gate.acquire();
    expect(at()).toBe(start + 2_000);
    expect(gate.heldUntil()).toBeNull();
    expect(gate.slowed).toBe(true);
  });

  it('reserves successive slots, about 18 a second, after the first 429', async () => {
    const { clock, at } = manualClock();
    const slots: number[] = [];
    const recording: Clock = {
      now: clock.now,
      sleep: (ms) => {
        slots.push(at() + ms);
        return Promise.resolve();
      },
    };
    const gate = new RateGate(recording);
    const start = at();
    gate.rateLimited(1_000);
    await Promise.all([gate.acquire(), gate.acquire(), gate.acquire()]);
    expect(slots).toEqual([start + 1_000, start + 1_055, start + 1_110]);
  });

  it('slows further only for a 429 of a call sent after the last slow-down', async () => {
    const { clock, at } = manualClock();
    const gate = new RateGate(clock);
    // A burst already on its way: the first 429 slows the pace, the others say nothing new.
    const sentEarlier = at();
    gate.rateLimited(0, sentEarlier);
    gate.rateLimited(0, sentEarlier);
    gate.rateLimited(0, sentEarlier);
    const a = await gate.acquire();
    const b = await gate.acquire();
    expect(b - a).toBe(55);
    // A call sent at the slowed pace still meets a 429: slower again.
    gate.rateLimited(0, b);
    const c = await gate.acquire();
    const d = await gate.acquire();
    expect(d - c).toBe(110);
  });

  it('speeds up again after a run of successes until the pace is free', async () => {
    const { clock, at } = manualClock();
    const gate = new RateGate(clock);
    gate.rateLimited(0);
    expect(gate.slowed).toBe(true);
    // 55 ms, then 27.5, then free (under 15): two halvings, ten successes each.
    for (let i = 0; i < 10 * 2 - 1; i += 1) gate.succeeded();
    expect(gate.slowed).toBe(true);
    gate.succeeded();
    expect(gate.slowed).toBe(false);
    await gate.acquire();
    const before = at();
    await gate.acquire();
    await gate.acquire();
    expect(at()).toBe(before);
  });

  it('tells subscribers when a limit is met', () => {
    const { clock } = manualClock();
    const gate = new RateGate(clock);
    let calls = 0;
    const stop = gate.subscribe(() => (calls += 1));
    gate.rateLimited(null);
    expect(calls).toBe(1);
    stop();
    gate.rateLimited(null);
    expect(calls).toBe(1);
  });
});
