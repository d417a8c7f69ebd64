import { Redis } from 'ioredis';
import {
  StoreUnavailableError,
  type AttemptCounter,
  type BucketResult,
  type SessionData,
  type Store,
} from './store';

// The shared store for several BFF instances. Each operation is one round trip; the token bucket
// and the counter run as Lua scripts so concurrent instances cannot interleave a read and a write.
// Expiry of sessions and counters uses Redis's own clock; the session manager still checks the
// idle and absolute limits against its clock on every read.

const TAKE_TOKEN = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(b[1])
local updated = tonumber(b[2])
if tokens == nil or updated == nil then
  tokens = burst
  updated = now
end
tokens = math.min(burst, tokens + math.max(0, now - updated) * rate / 1000)
local allowed = 0
local retry = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  retry = math.ceil((1 - tokens) * 1000 / rate)
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'u', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
return {allowed, retry}
`;

// Check every counter first and count only when none is full, in one script: Redis runs a
// script alone, so parallel sign-ins on any number of instances are serialised here. A full
// counter without a TTL (it should not happen) still refuses, for a whole window. The keys of one
// call must share a slot on a Redis Cluster; this store targets a single Redis (or a replica set).
const TAKE_ATTEMPTS = `
local window = tonumber(ARGV[1])
local blocked = false
local wait = 0
for i = 1, #KEYS do
  local c = tonumber(redis.call('GET', KEYS[i]) or '0')
  if c >= tonumber(ARGV[i + 1]) then
    blocked = true
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then ttl = window end
    if ttl > wait then wait = ttl end
  end
end
if blocked then return {0, math.max(wait, 1)} end
for i = 1, #KEYS do
  if redis.call('INCR', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], window) end
end
return {1, 0}
`;

const RETURN_ATTEMPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return c
`;

const isPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';

export interface RedisStoreOptions {
  /** Key prefix, so tests (or several apps) can share one Redis. */
  readonly prefix?: string;
  /** A command without a reply by then fails (and the request answers 503). */
  readonly timeoutMs?: number;
}

export class RedisStore implements Store {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly timeoutMs: number;

  /** Connects and resolves once Redis answers, so start-up fails early on a wrong REDIS_URL. */
  static async open(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const store = new RedisStore(url, options);
    // The 'error' event says why (ECONNREFUSED, a wrong password); connect() only that it closed.
    let why = '';
    const onError = (err: Error): void => {
      why = err.message;
    };
    store.redis.on('error', onError);
    try {
      await store.redis.connect();
    } catch (err) {
      store.redis.disconnect();
      throw new Error(
        `REDIS_URL: cannot connect (${why || (err instanceof Error ? err.message : String(err))})`,
      );
    } finally {
      store.redis.off('error', onError);
    }
    return store;
  }

  private constructor(url: string, options: RedisStoreOptions) {
    this.prefix = options.prefix ?? 'bff:';
    this.timeoutMs = options.timeoutMs ?? 1000;
    // Fail fast rather than wait: with the offline queue off a command made while Redis is away
    // is refused at once instead of queued until it returns, and one that gets no reply fails
    // after timeoutMs. Either way the request answers 503 within a second, not after a 10 s hang,
    // and ioredis keeps reconnecting in the background.
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      commandTimeout: this.timeoutMs,
      connectTimeout: Math.max(this.timeoutMs, 2000),
      maxRetriesPerRequest: 0,
    });
    // Connection trouble is reported by failing commands; an unhandled 'error' event would crash.
    this.redis.on('error', () => undefined);
  }

  async getSession(key: string): Promise<SessionData | null> {
    const raw = await this.run(() => this.redis.get(`${this.prefix}s:${key}`));
    if (raw === null) return null;
    try {
      const data = JSON.parse(raw) as Partial<SessionData>;
      if (
        typeof data.username !== 'string' ||
        typeof data.createdAt !== 'number' ||
        typeof data.lastSeenAt !== 'number'
      ) {
        return null;
      }
      return { username: data.username, createdAt: data.createdAt, lastSeenAt: data.lastSeenAt };
    } catch {
      return null;
    }
  }

  async setSession(key: string, data: SessionData, ttlMs: number): Promise<void> {
    const ttl = Math.max(1, Math.ceil(ttlMs));
    await this.run(() => this.redis.set(`${this.prefix}s:${key}`, JSON.stringify(data), 'PX', ttl));
  }

  async deleteSession(key: string): Promise<void> {
    await this.run(() => this.redis.del(`${this.prefix}s:${key}`));
  }

  async takeToken(key: string, ratePerSecond: number, burst: number, now: number): Promise<BucketResult> {
    const result = await this.run(() =>
      this.redis.eval(TAKE_TOKEN, 1, `${this.prefix}b:${key}`, ratePerSecond, burst, now),
    );
    if (!isPair(result)) throw new Error('unexpected token bucket reply');
    return { allowed: result[0] === 1, retryAfterMs: result[1] };
  }

  async takeAttempts(counters: readonly AttemptCounter[], windowMs: number): Promise<BucketResult> {
    const keys = counters.map((c) => `${this.prefix}c:${c.key}`);
    const limits = counters.map((c) => c.limit);
    const result = await this.run(() =>
      this.redis.eval(TAKE_ATTEMPTS, keys.length, ...keys, Math.ceil(windowMs), ...limits),
    );
    if (!isPair(result)) throw new Error('unexpected attempt counter reply');
    return { allowed: result[0] === 1, retryAfterMs: result[1] };
  }

  async returnAttempt(key: string): Promise<void> {
    await this.run(() => this.redis.eval(RETURN_ATTEMPT, 1, `${this.prefix}c:${key}`));
  }

  async resetCount(key: string): Promise<void> {
    await this.run(() => this.redis.del(`${this.prefix}c:${key}`));
  }

  async isHealthy(): Promise<boolean> {
    if (this.redis.status !== 'ready') return false;
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Any failure to talk to Redis becomes a StoreUnavailableError (a 503 for the request). The
   *  message is ioredis's own ("Command timed out", "Connection is closed"): no keys, no values. */
  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (err) {
      throw new StoreUnavailableError(err instanceof Error ? err.message : 'unknown error');
    }
  }
}
