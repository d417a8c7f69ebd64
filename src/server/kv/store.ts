// Where sessions and rate-limit counters live: in memory for one instance, Redis when several
// BFF instances must share them. Every method takes the current time from the caller so tests
// drive expiry with a fake clock.

export interface SessionData {
  readonly username: string;
  /** Epoch ms of sign-in: the absolute lifetime counts from here. */
  readonly createdAt: number;
  /** Epoch ms of the last request: the idle lifetime counts from here. */
  readonly lastSeenAt: number;
}

export interface BucketResult {
  readonly allowed: boolean;
  /** When refused: how long until a token is available. */
  readonly retryAfterMs: number;
}

/** One counter of attempts and how many it may hold within its window. */
export interface AttemptCounter {
  readonly key: string;
  readonly limit: number;
}

/** The store cannot answer (Redis down or too slow): requests fail fast with a 503. */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(detail: string) {
    super(`session store unavailable: ${detail}`);
    this.name = 'StoreUnavailableError';
  }
}

export interface Store {
  getSession(key: string): Promise<SessionData | null>;
  /** Writes a session that the store forgets after ttlMs on its own. */
  setSession(key: string, data: SessionData, ttlMs: number): Promise<void>;
  deleteSession(key: string): Promise<void>;
  /** Token bucket: `burst` tokens, refilled at `ratePerSecond`; takes one if it can. */
  takeToken(key: string, ratePerSecond: number, burst: number, now: number): Promise<BucketResult>;
  /**
   * Counts one attempt on every counter, or on none: in ONE atomic step, refuses (counting
   * nothing) when any counter already holds its limit, else adds one to each. A counter's fixed
   * window starts with its first attempt; a refusal says how long until the fullest one resets.
   * Counting before the work (a password check) is what keeps a burst of parallel attempts, on
   * one instance or several, from doing the work more than `limit` times.
   */
  takeAttempts(counters: readonly AttemptCounter[], windowMs: number, now: number): Promise<BucketResult>;
  /** Gives one attempt back (it did not fail after all), never going below zero. */
  returnAttempt(key: string, now: number): Promise<void>;
  resetCount(key: string): Promise<void>;
  /** Resolves true when the store answers now (readiness); never throws. */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}
