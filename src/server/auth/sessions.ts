import { createHash, randomBytes } from 'node:crypto';
import type { SessionData, Store } from '../kv/store';

// Sessions for the BFF pattern: the browser holds only an opaque id in an HttpOnly cookie; the
// store holds who it belongs to. The store is keyed by a hash of the id, so a leaked store dump
// gives no usable cookie.

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** lastSeenAt is rewritten at most this often, so most requests cost one read and no write. */
const TOUCH_EVERY_MS = 60 * 1000;
const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface Session extends SessionData {
  /** The store key (a hash of the cookie value), never the cookie value itself. */
  readonly key: string;
}

const storeKey = (sid: string): string => createHash('sha256').update(sid).digest('base64url');

export class SessionManager {
  constructor(
    private readonly store: Store,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A new session with a fresh 256-bit id; returns the cookie value. */
  async create(username: string): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.store.setSession(
      storeKey(sid),
      { username, createdAt: now, lastSeenAt: now },
      IDLE_TIMEOUT_MS,
    );
    return sid;
  }

  /** The live session for a cookie value, or null when absent, malformed or expired. */
  async resolve(sid: string | undefined): Promise<Session | null> {
    if (sid === undefined || !SID_PATTERN.test(sid)) return null;
    const key = storeKey(sid);
    const data = await this.store.getSession(key);
    if (data === null) return null;
    const now = this.clock();
    if (now - data.lastSeenAt >= IDLE_TIMEOUT_MS || now - data.createdAt >= ABSOLUTE_TIMEOUT_MS) {
      await this.store.deleteSession(key);
      return null;
    }
    if (now - data.lastSeenAt >= TOUCH_EVERY_MS) {
      const touched = { ...data, lastSeenAt: now };
      await this.store.setSession(key, touched, this.ttl(touched, now));
      return { key, ...touched };
    }
    return { key, ...data };
  }

  async destroy(sid: string | undefined): Promise<void> {
    if (sid === undefined || !SID_PATTERN.test(sid)) return;
    await this.store.deleteSession(storeKey(sid));
  }

  private ttl(data: SessionData, now: number): number {
    return Math.max(
      1,
      Math.min(data.lastSeenAt + IDLE_TIMEOUT_MS, data.createdAt + ABSOLUTE_TIMEOUT_MS) - now,
    );
  }
}
