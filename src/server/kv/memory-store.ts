import type { BucketResult, SessionData, Store } from './store';

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

  async countEvent(
    key: string,
    windowMs: number,
    now: number,
  ): Promise<{ count: number; resetInMs: number }> {
    const entry = this.counters.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.counters.set(key, { value: 1, expiresAt: now + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    entry.value += 1;
    return { count: entry.value, resetInMs: entry.expiresAt - now };
  }

  async peekCount(key: string, now: number): Promise<{ count: number; resetInMs: number }> {
    const entry = this.counters.get(key);
    if (!entry || entry.expiresAt <= now) return { count: 0, resetInMs: 0 };
    return { count: entry.value, resetInMs: entry.expiresAt - now };
  }

  async resetCount(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.clock();
    for (const [k, v] of this.sessions) if (v.expiresAt <= now) this.sessions.delete(k);
    for (const [k, v] of this.counters) if (v.expiresAt <= now) this.counters.delete(k);
    // A bucket untouched for ten minutes is full again: forgetting it changes nothing.
    for (const [k, b] of this.buckets) if (now - b.updatedAt > 600_000) this.buckets.delete(k);
  }
}
