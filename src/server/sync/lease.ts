import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { realTimers, type Timers } from './sync-worker';

// Exactly one instance syncs. Alone, it always holds the lease; with Redis, whoever sets the key
// first (SET NX PX) holds it and renews it every third of its time to live, the others try as
// often, and the holder deletes it on shutdown. A holder that dies is replaced within ttl + ttl/3.
// A holder that cannot renew in time stops syncing at once: for a moment two might write, which
// only repeats idempotent upserts, never loses one.

export interface Lease {
  readonly held: boolean;
  /** Starts competing; `acquired` and `lost` are called on every change. */
  start(handlers: { acquired(): void; lost(): void }): void;
  /** Stops competing; `release` gives the lease up at once (a clean shutdown) rather than letting it expire. */
  stop(opts: { release: boolean }): Promise<void>;
}

export class MemoryLease implements Lease {
  held = false;
  start(handlers: { acquired(): void }): void {
    this.held = true;
    handlers.acquired();
  }
  stop(): Promise<void> {
    this.held = false;
    return Promise.resolve();
  }
}

// Only the holder may extend or delete: a lease taken over meanwhile stays with its new holder.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface RedisLeaseOptions {
  readonly redis: Redis;
  readonly key: string;
  /** This instance's name in the key (random per process). */
  readonly holder: string;
  readonly ttlMs: number;
  readonly clock?: () => number;
  readonly timers?: Timers;
  readonly log: FastifyBaseLogger;
}

export class RedisLease implements Lease {
  held = false;
  private timer: unknown = null;
  private stopped = true;
  private renewedAt = 0;
  private handlers: { acquired(): void; lost(): void } | null = null;
  private readonly clock: () => number;
  private readonly timers: Timers;

  constructor(private readonly opts: RedisLeaseOptions) {
    this.clock = opts.clock ?? Date.now;
    this.timers = opts.timers ?? realTimers;
  }

  start(handlers: { acquired(): void; lost(): void }): void {
    this.handlers = handlers;
    this.stopped = false;
    void this.tick();
  }

  async stop({ release }: { release: boolean }): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const wasHeld = this.held;
    this.held = false;
    if (wasHeld && release) {
      await this.opts.redis.eval(RELEASE, 1, this.opts.key, this.opts.holder).catch((err: unknown) => {
        this.opts.log.warn({ err }, 'could not release the sync lease: it expires on its own');
      });
    }
  }

  private async tick(): Promise<void> {
    const { redis, key, holder, ttlMs } = this.opts;
    try {
      if (this.held) {
        const renewed = await redis.eval(RENEW, 1, key, holder, ttlMs);
        if (renewed === 1) this.renewedAt = this.clock();
        else this.lose('taken by another instance');
      } else {
        const taken = await redis.set(key, holder, 'PX', ttlMs, 'NX');
        if (taken === 'OK' && !this.stopped) {
          this.held = true;
          this.renewedAt = this.clock();
          this.opts.log.info({ lease: key }, 'this instance now syncs the upstream');
          this.handlers?.acquired();
        }
      }
    } catch (err) {
      // Without Redis the lease may expire under us: past its time to live, assume it has.
      if (this.held && this.clock() - this.renewedAt >= ttlMs) this.lose('could not be renewed in time');
      else this.opts.log.debug({ err }, 'sync lease check failed');
    }
    if (!this.stopped)
      this.timer = this.timers.setTimeout(() => void this.tick(), Math.max(1, Math.floor(ttlMs / 3)));
  }

  private lose(why: string): void {
    if (!this.held) return;
    this.held = false;
    this.opts.log.warn({ lease: this.opts.key, why }, 'this instance stopped syncing the upstream');
    this.handlers?.lost();
  }
}
