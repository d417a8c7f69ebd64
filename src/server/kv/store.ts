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

export interface Store {
  getSession(key: string): Promise<SessionData | null>;
  /** Writes a session that the store forgets after ttlMs on its own. */
  setSession(key: string, data: SessionData, ttlMs: number): Promise<void>;
  deleteSession(key: string): Promise<void>;
  /** Token bucket: `burst` tokens, refilled at `ratePerSecond`; takes one if it can. */
  takeToken(key: string, ratePerSecond: number, burst: number, now: number): Promise<BucketResult>;
  /** Counts an event in a fixed window that starts with the first event; returns the count and
   *  the ms left in the window. */
  countEvent(key: string, windowMs: number, now: number): Promise<{ count: number; resetInMs: number }>;
  /** Reads a counter without counting. */
  peekCount(key: string, now: number): Promise<{ count: number; resetInMs: number }>;
  resetCount(key: string): Promise<void>;
  close(): Promise<void>;
}
