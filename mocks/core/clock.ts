import type { Clock } from './types';

export interface FakeClock extends Clock {
  /** How far the fake clock runs ahead of its time source (the sum of every advance). */
  offsetMs(): number;
  /** Back to the time source with no offset (reset); a frozen clock freezes again at `at` (default: now). */
  restart(at?: number): void;
  /** True when the clock has no live time source. */
  frozen: boolean;
  /** Called after every advance, with the new time: message statuses settle on it. */
  onAdvance(listener: (now: Date) => void): void;
}

/**
 * The fake clock is `source() + offset`. With no source it is frozen at the moment of start or reset,
 * so tests only see time move when they advance it. With a live source (`Date.now`, as the HTTP server
 * uses) it follows real time, and advancing still jumps ahead on top of it.
 */
export function createClock(source?: () => number): FakeClock {
  let frozenAt = Date.now();
  let offset = 0;
  const listeners: ((now: Date) => void)[] = [];
  const base = () => (source ? source() : frozenAt);
  const clock: FakeClock = {
    now: () => new Date(base() + offset),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advanceMs must be a non-negative number');
      offset += ms;
      const now = clock.now();
      for (const listener of listeners) listener(now);
    },
    offsetMs: () => offset,
    frozen: source === undefined,
    restart(at) {
      frozenAt = at ?? Date.now();
      offset = 0;
    },
    onAdvance(listener) {
      listeners.push(listener);
    },
  };
  return clock;
}
