/*
 * How the client behaves under a rate limit (the BFF's per-session bucket, or the upstream's). A
 * 429 tells every caller, not only the one refused: the gate holds all calls until Retry-After has
 * passed, then lets them out one at a time at a slower pace, which speeds up again while calls keep
 * succeeding. So a burst of reads (a board's badges, quick filter changes) meets a limit once, not
 * a hundred times.
 */
import { retryAfterMs } from '@/contract/rules/retry-after';

/** Retry-After when a 429 does not say (or says something unreadable). */
export const DEFAULT_RETRY_AFTER_MS = 1_000;
/** The longest a client waits on one Retry-After, so a wrong header cannot freeze the app. */
export const MAX_RETRY_AFTER_MS = 60_000;
/**
 * Spacing between calls right after a 429 (about 18 a second, under the BFF's 20 a second per
 * session), doubled on each further 429 met by a call sent after the pace was last slowed.
 */
const FIRST_INTERVAL_MS = 55;
const MAX_INTERVAL_MS = 1_000;
/** Successes in a row after which the spacing halves; below the floor the pace is free again. */
// Ten: a bulk job slowed by one 429 is back at full pace after twenty calls, not forty (a stage's
// leads waited behind their own slowed reads); a further 429 slows it again at once.
const SUCCESSES_TO_SPEED_UP = 10;
const FREE_BELOW_MS = 15;

/** A Retry-After header (seconds, or an HTTP date) in milliseconds, capped; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  const ms = retryAfterMs(value, now);
  return ms === null ? null : Math.min(MAX_RETRY_AFTER_MS, ms);
}

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      if (ms <= 0) return resolve();
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export class RateGate {
  private blockedUntil = 0;
  private interval = 0;
  private nextSlot = 0;
  private successes = 0;
  /** When the pace was last slowed: 429s of calls sent before it were part of the same burst. */
  private slowedAt = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: Clock = realClock) {}

  /**
   * Waits for this call's turn: after any Retry-After, and spaced while the pace is slowed.
   * Resolves to the moment the call goes, which `rateLimited` takes back if it meets a 429.
   */
  async acquire(signal?: AbortSignal): Promise<number> {
    const now = this.clock.now();
    const start = Math.max(now, this.blockedUntil, this.nextSlot);
    if (this.interval > 0) this.nextSlot = start + this.interval;
    if (start > now) await this.clock.sleep(start - now, signal);
    return start;
  }

  /**
   * A 429 was answered: hold every call for `retryAfterMs`, then go slower. Only a call sent after
   * the last slow-down makes the pace slower still; the rest of a burst already on its way when the
   * first 429 came back says nothing new.
   */
  rateLimited(retryAfterMs: number | null, sentAt: number = this.clock.now()): void {
    const wait = retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
    const now = this.clock.now();
    this.blockedUntil = Math.max(this.blockedUntil, now + wait);
    if (this.interval === 0 || sentAt > this.slowedAt) {
      this.interval = this.interval === 0 ? FIRST_INTERVAL_MS : Math.min(MAX_INTERVAL_MS, this.interval * 2);
      this.slowedAt = now;
    }
    this.nextSlot = Math.max(this.nextSlot, this.blockedUntil);
    this.successes = 0;
    this.emit();
  }

  /** A call got through: after enough in a row, the pace doubles until it is free again. */
  succeeded(): void {
    if (this.interval === 0) return;
    this.successes += 1;
    if (this.successes < SUCCESSES_TO_SPEED_UP) return;
    this.successes = 0;
    this.interval = this.interval / 2 < FREE_BELOW_MS ? 0 : this.interval / 2;
    if (this.interval === 0) this.emit();
  }

  /** When held calls may go again (ms timestamp), or null when nothing is held. */
  heldUntil(): number | null {
    return this.blockedUntil > this.clock.now() ? this.blockedUntil : null;
  }

  /** Whether calls are being spaced out after a 429. */
  get slowed(): boolean {
    return this.interval > 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

/** The gate every call of this tab goes through (src/lib/api-client.ts). */
export const rateGate = new RateGate();
