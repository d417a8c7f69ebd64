import { Redis } from 'ioredis';
import type { BucketResult, SessionData, Store } from './store';

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

const COUNT_EVENT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}
`;

const PEEK_COUNT = `
local c = redis.call('GET', KEYS[1])
if not c then return {0, 0} end
return {tonumber(c), redis.call('PTTL', KEYS[1])}
`;

const isPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';

export class RedisStore implements Store {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'bff:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Connection trouble is reported by failing commands; an unhandled 'error' event would crash.
    this.redis.on('error', () => undefined);
  }

  /** Resolves once the connection is up, so start-up fails early on a wrong REDIS_URL. */
  async ready(): Promise<void> {
    await this.redis.ping();
  }

  async getSession(key: string): Promise<SessionData | null> {
    const raw = await this.redis.get(`${this.prefix}s:${key}`);
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
    await this.redis.set(`${this.prefix}s:${key}`, JSON.stringify(data), 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async deleteSession(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}s:${key}`);
  }

  async takeToken(key: string, ratePerSecond: number, burst: number, now: number): Promise<BucketResult> {
    const result = await this.redis.eval(TAKE_TOKEN, 1, `${this.prefix}b:${key}`, ratePerSecond, burst, now);
    if (!isPair(result)) throw new Error('unexpected token bucket reply');
    return { allowed: result[0] === 1, retryAfterMs: result[1] };
  }

  async countEvent(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const result = await this.redis.eval(COUNT_EVENT, 1, `${this.prefix}c:${key}`, Math.ceil(windowMs));
    if (!isPair(result)) throw new Error('unexpected counter reply');
    return { count: result[0], resetInMs: Math.max(0, result[1]) };
  }

  async peekCount(key: string): Promise<{ count: number; resetInMs: number }> {
    const result = await this.redis.eval(PEEK_COUNT, 1, `${this.prefix}c:${key}`);
    if (!isPair(result)) throw new Error('unexpected counter reply');
    return { count: result[0], resetInMs: Math.max(0, result[1]) };
  }

  async resetCount(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}c:${key}`);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
