import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { RedisLease } from './lease';

const TTL_MS = 400;
let redis: TestRedis;
let client: Redis;
const leases: RedisLease[] = [];
let keySeq = 0;

function lease(key: string, holder: string) {
  const events: string[] = [];
  const l = new RedisLease({ redis: client, key, holder, ttlMs: TTL_MS, log: createLogger('silent') });
  leases.push(l);
  l.start({ acquired: () => events.push('acquired'), lost: () => events.push('lost') });
  return { lease: l, events };
}

beforeAll(async () => {
  redis = await startTestRedis();
  client = new Redis(redis.url);
});
afterAll(async () => {
  for (const l of leases) await l.stop({ release: false });
  client.disconnect();
  await redis.stop();
});

describe('RedisLease', () => {
  it('lets exactly one instance hold it, renewing past its time to live', async () => {
    const key = `lease-${keySeq++}`;
    const a = lease(key, 'a');
    await vi.waitFor(() => expect(a.lease.held).toBe(true));
    const b = lease(key, 'b');
    // Two and a half lifetimes later, a still holds it and b never did.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2.5));
    expect(a.lease.held).toBe(true);
    expect(b.lease.held).toBe(false);
    expect(b.events).toEqual([]);
    expect(await client.get(key)).toBe('a');
  });

  it('passes to another instance at once when released on shutdown', async () => {
    const key = `lease-${keySeq++}`;
    const a = lease(key, 'a');
    await vi.waitFor(() => expect(a.lease.held).toBe(true));
    const b = lease(key, 'b');
    await a.lease.stop({ release: true });
    await vi.waitFor(() => expect(b.lease.held).toBe(true));
    expect(await client.get(key)).toBe('b');
  });

  it('passes to another instance once it expires when the holder dies without releasing', async () => {
    const key = `lease-${keySeq++}`;
    const a = lease(key, 'a');
    await vi.waitFor(() => expect(a.lease.held).toBe(true));
    const b = lease(key, 'b');
    await a.lease.stop({ release: false });
    expect(await client.get(key)).toBe('a');
    await vi.waitFor(() => expect(b.events).toEqual(['acquired']));
  });

  it('tells the holder it lost the lease when another took it', async () => {
    const key = `lease-${keySeq++}`;
    const a = lease(key, 'a');
    await vi.waitFor(() => expect(a.lease.held).toBe(true));
    await client.set(key, 'intruder', 'PX', 60_000);
    await vi.waitFor(() => expect(a.events).toEqual(['acquired', 'lost']));
    await a.lease.stop({ release: true });
    // Releasing does not delete a lease that is not its own.
    expect(await client.get(key)).toBe('intruder');
  });
});
