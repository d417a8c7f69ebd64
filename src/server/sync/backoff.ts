import type { UpstreamState } from '../../contract';
import type { UpstreamErrorKind } from '../upstream/upstream-error';

// The sync's failure policy, pure (every function takes `now`), so tests drive it without waiting.

/** How long after a task's failure it runs again: its interval doubled per failure, capped (so a
 *  slow sweep that failed is also tried again within the cap). */
export function backoffDelay(intervalMs: number, failures: number, maxMs: number): number {
  if (failures <= 0) return intervalMs;
  return Math.min(maxMs, intervalMs * 2 ** Math.min(failures, 30));
}

export const RATE_LIMIT_DEFAULT_MS = 30_000;
export const RATE_LIMIT_MIN_MS = 1_000;
export const RATE_LIMIT_MAX_MS = 5 * 60_000;

/** Until when every task holds after a 429: Retry-After, kept between 1 s and 5 min (30 s without one). */
export function rateLimitedUntil(retryAfterMs: number | null, now: number): number {
  const wait = retryAfterMs ?? RATE_LIMIT_DEFAULT_MS;
  return now + Math.min(RATE_LIMIT_MAX_MS, Math.max(RATE_LIMIT_MIN_MS, wait));
}

/** The state a failure says the upstream is in; null when it says nothing about reaching it. */
export function stateOf(kind: UpstreamErrorKind): UpstreamState | null {
  switch (kind) {
    case 'rate-limited':
      return 'rate-limited';
    case 'key-refused':
      return 'key-refused';
    case 'unreachable':
    case 'timeout':
      return 'unreachable';
    case 'malformed':
    case 'http':
      return null;
  }
}

export interface HealthChange {
  readonly state: UpstreamState;
  readonly since: number;
  /** The upstream is back after an outage long enough that clients should refetch. */
  readonly resync: boolean;
  /** It is back after any outage: run every sweep now. */
  readonly recovered: boolean;
}

/** Whether the upstream can be read, from every call's outcome; reports only changes. */
export class UpstreamHealth {
  private state: UpstreamState = 'ok';
  private since: number;
  private troubleSince: number | null = null;

  constructor(
    now: number,
    private readonly outageResyncMs: number,
  ) {
    this.since = now;
  }

  get current(): { state: UpstreamState; since: number } {
    return { state: this.state, since: this.since };
  }

  succeeded(now: number): HealthChange | null {
    if (this.state === 'ok') return null;
    const outage = now - (this.troubleSince ?? now);
    this.state = 'ok';
    this.since = now;
    this.troubleSince = null;
    return { state: 'ok', since: now, resync: outage > this.outageResyncMs, recovered: true };
  }

  failed(kind: UpstreamErrorKind, now: number): HealthChange | null {
    const next = stateOf(kind);
    if (next === null || next === this.state) return null;
    this.troubleSince ??= now;
    this.state = next;
    this.since = now;
    return { state: next, since: now, resync: false, recovered: false };
  }
}
