import type { AttemptCounter, BucketResult, SessionData, Store } from './store';

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** One instance's store. Expired entries are swept now and then, so memory stays bounded by the
 *  number of live sessions and recent callers. */
export class MemoryStore implements Store {
  private readonly sessions = new Map<string, Expiring<SessionData>>();
  private readonly counters = new Map<string, Expiring<number>>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly clock: () => number = Date.now,
    sweepEveryMs = 60_000,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async getSession(key: string): Promise<SessionData | null> {
    const entry = this.sessions.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.clock()) {
      this.sessions.delete(key);
      return null;
    }
    return entry.value;
  }

  async setSession(key: string, data: SessionData, ttlMs: number): Promise<void> {
    this.sessions.set(key, { value: data, expiresAt: this.clock() + ttlMs });
  }

  async deleteSession(key: string): Promise<void> {
    this.sessions.delete(key);
  }

  async takeToken(key: string, ratePerSecond: number, burst: number, now: number): Promise<BucketResult> {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: burst, updatedAt: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedAt) * ratePerSecond) / 1000);
      bucket.updatedAt = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfterMs: 0 };
    }
    return { allowed: false, retryAfterMs: Math.ceil(((1 - bucket.tokens) * 1000) / ratePerSecond) };
  }

  // No await between the check and the increment: within one process this is one step, so
  // parallel sign-ins cannot all pass the check before any of them is counted.
  async takeAttempts(
    counters: readonly AttemptCounter[],
    windowMs: number,
    now: number,
  ): Promise<BucketResult> {
    let wait = 0;
    for (const { key, limit } of counters) {
      const entry = this.liveCounter(key, now);
      if (entry && entry.value >= limit) wait = Math.max(wait, entry.expiresAt - now);
    }
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    for (const { key } of counters) {
      const entry = this.liveCounter(key, now);
      if (entry) entry.value += 1;
      else this.counters.set(key, { value: 1, expiresAt: now + windowMs });
    }
    return { allowed: true, retryAfterMs: 0 };
  }

  async returnAttempt(key: string, now: number): Promise<void> {
    const entry = this.liveCounter(key, now);
    if (entry && entry.value > 0) entry.value -= 1;
  }

  async resetCount(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async isHealthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private liveCounter(key: string, now: number): Expiring<number> | undefined {
    const entry = this.counters.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  }

  private sweep(): void {
    const now = this.clock();
    for (const [k, v] of this.sessions) if (v.expiresAt <= now) this.sessions.delete(k);
    for (const [k, v] of this.counters) if (v.expiresAt <= now) this.counters.delete(k);
    // A bucket untouched for ten minutes is full again: forgetting it changes nothing.
    for (const [k, b] of this.buckets) if (now - b.updatedAt > 600_000) this.buckets.delete(k);
  }
}
