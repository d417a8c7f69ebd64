import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../contract';
import { createLogger } from '../logger';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import type { BusEvent } from './bus';
import { compareIds, RedisBus } from './redis-bus';

let redis: TestRedis;
const buses: RedisBus[] = [];
let keySeq = 0;

const removed = (n: number): LiveEvent => ({
  type: 'lead.removed',
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
});

async function open(key: string, opts: { maxBytes?: number; maxAgeMs?: number; clock?: () => number } = {}) {
  const bus = await RedisBus.open(redis.url, { key, log: createLogger('silent'), ...opts });
  buses.push(bus);
  return bus;
}

/** Resolves once `n` events reached the listener. */
function collect(bus: RedisBus, n: number): Promise<BusEvent[]> {
  const seen: BusEvent[] = [];
  return new Promise((resolve) => {
    bus.subscribe((e) => {
      seen.push(e);
      if (seen.length === n) resolve(seen);
    });
  });
}

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const bus of buses) await bus.close();
  await redis.stop();
});

async function withRaw<T>(run: (raw: Redis) => Promise<T>): Promise<T> {
  const raw = new Redis(redis.url);
  try {
    return await run(raw);
  } finally {
    raw.disconnect();
  }
}

const entry = (n: number) => ['e', JSON.stringify(removed(n))];

describe('RedisBus', () => {
  it('tells every instance every event, in the same order, with its audience', async () => {
    const key = `bus-test-${keySeq++}`;
    const a = await open(key);
    const b = await open(key);
    const onA = collect(a, 4);
    const onB = collect(b, 4);
    await Promise.all([
      a.publish([{ event: removed(1) }, { event: removed(2), audience: ['ada@acme.test'] }]),
      b.publish([{ event: removed(3) }, { event: removed(4), audience: [] }]),
    ]);
    const [seenA, seenB] = await Promise.all([onA, onB]);
    expect(seenA.map((e) => e.id)).toEqual(seenB.map((e) => e.id));
    expect([...seenA.map((e) => e.id)].sort(compareIds)).toEqual(seenA.map((e) => e.id));
    expect(
      seenA.find((e) => e.event.type === 'lead.removed' && e.event.id === removed(2).id)?.audience,
    ).toEqual(['ada@acme.test']);
    expect(
      seenB.find((e) => e.event.type === 'lead.removed' && e.event.id === removed(4).id)?.audience,
    ).toEqual([]);
    expect(await b.lastId()).toBe(seenA[3]!.id);
  });

  it('replays what came after an id, on any instance', async () => {
    const key = `bus-test-${keySeq++}`;
    const a = await open(key);
    const b = await open(key);
    const [first, , third] = await a.publish([1, 2, 3].map((n) => ({ event: removed(n) })));
    const replay = await b.replayAfter(first!.id);
    expect(replay.kind === 'events' && replay.events.map((e) => e.event)).toEqual([removed(2), removed(3)]);
    expect(await b.replayAfter(third!.id)).toEqual({ kind: 'events', events: [] });
  });

  it('calls a trimmed, too old, unknown or malformed id a gap', async () => {
    let now = Date.now();
    const key = `bus-test-${keySeq++}`;
    const bus = await open(key, { maxAgeMs: 60_000, clock: () => now });
    const [first] = await bus.publish([{ event: removed(1) }]);
    await bus.publish(Array.from({ length: 10 }, (_, j) => ({ event: removed(j) })));
    await withRaw((raw) => raw.xtrim(key, 'MAXLEN', 5));
    expect(await bus.replayAfter(first!.id)).toEqual({ kind: 'gap' });
    const newest = (await bus.lastId())!;
    expect((await bus.replayAfter(newest)).kind).toBe('events');
    now += 120_000;
    expect(await bus.replayAfter(newest)).toEqual({ kind: 'gap' });
    expect(await bus.replayAfter('abc-1')).toEqual({ kind: 'gap' });
    expect(await bus.replayAfter(`${now - 1000}-0`)).toEqual({ kind: 'gap' });
  });

  it('refuses to publish an event that fails the contract', async () => {
    const bus = await open(`bus-test-${keySeq++}`);
    const bad = { type: 'lead.removed', id: 'not-a-guid' } as unknown as LiveEvent;
    await expect(bus.publish([{ event: bad }])).rejects.toThrow(/fails the contract/);
    expect(await bus.lastId()).toBeNull();
  });

  it('keeps a burst far larger than 10,000 events whole for replay', { timeout: 30_000 }, async () => {
    const bus = await open(`bus-test-${keySeq++}`);
    const [first] = await bus.publish([{ event: removed(0) }]);
    await bus.publish(Array.from({ length: 12_000 }, (_, n) => ({ event: removed(n + 1) })));
    const replay = await bus.replayAfter(first!.id);
    expect(replay.kind === 'events' && replay.events.length).toBe(12_000);
    expect(replay.kind === 'events' && replay.events.at(-1)!.event).toEqual(removed(12_000));
  });

  it(
    'bounds what it keeps by memory: past the ceiling the oldest go, and resuming there is a gap',
    {
      timeout: 30_000,
    },
    async () => {
      const key = `bus-test-${keySeq++}`;
      const maxBytes = 256 * 1024;
      const bus = await open(key, { maxBytes });
      const [first] = await bus.publish([{ event: removed(0) }]);
      // About 1.5 MB of events, six times the ceiling.
      for (let i = 0; i < 20; i++)
        await bus.publish(Array.from({ length: 500 }, (_, n) => ({ event: removed(i * 500 + n + 1) })));
      const usage = await withRaw((raw) => raw.memory('USAGE', key));
      expect(usage).toBeLessThan(2 * maxBytes);
      expect(await bus.replayAfter(first!.id)).toEqual({ kind: 'gap' });
      expect((await bus.replayAfter((await bus.lastId())!)).kind).toBe('events');
    },
  );

  it('tells its subscribers of a gap when entries after its position were trimmed before it read them', async () => {
    const key = `bus-test-${keySeq++}`;
    const a = await open(key);
    const follower = await open(key);
    const first = collect(follower, 1);
    const [known] = await a.publish([{ event: removed(1) }]);
    await first;
    const seen: BusEvent[] = [];
    follower.subscribe((e) => seen.push(e));
    // Three entries land and two are trimmed before the follower's read can see them.
    const [[, , kept]] = (await withRaw(async (raw) => {
      const ids = await raw
        .multi()
        .xadd(key, '*', ...entry(2))
        .xadd(key, '*', ...entry(3))
        .xadd(key, '*', ...entry(4))
        .xtrim(key, 'MAXLEN', 1)
        .exec();
      return [ids!.map(([, id]) => id as string)];
    })) as [string[]];
    await vi.waitFor(() =>
      expect(seen.map((e) => e.event)).toEqual([{ type: 'resync', reason: 'gap' }, removed(4)]),
    );
    expect(seen[1]!.id).toBe(kept);
    // The resync carries the last position read before the gap, so a browser resuming from it gets
    // a gap again rather than a replay that skips what was lost.
    expect(seen[0]!.id).toBe(known!.id);
    expect(await follower.replayAfter(seen[0]!.id)).toEqual({ kind: 'gap' });
  });

  it('reads on without a gap when only what it had read was trimmed (a quiet spell longer than the age)', async () => {
    const key = `bus-test-${keySeq++}`;
    // A hundred entries two minutes old (one whole node of the stream, which `MINID ~` drops in
    // one go), all read: they go when the next publish trims by age, the last one read with them.
    const old = Date.now() - 120_000;
    await withRaw(async (raw) => {
      const batch = raw.multi();
      for (let i = 0; i < 100; i++) batch.xadd(key, `${old}-${i}`, ...entry(i));
      await batch.exec();
    });
    const follower = await open(key, { maxAgeMs: 60_000 });
    const publisher = await open(key, { maxAgeMs: 60_000 });
    const seen: BusEvent[] = [];
    follower.subscribe((e) => seen.push(e));
    await publisher.publish([{ event: removed(200) }]);
    await vi.waitFor(() => expect(seen.map((e) => e.event)).toEqual([removed(200)]));
    // `~` drops whole nodes only: the oldest went; the rest go now, the last one read with them.
    expect(await withRaw((raw) => raw.xlen(key))).toBeLessThan(101);
    await withRaw((raw) => raw.xtrim(key, 'MINID', old + 1));
    await publisher.publish([{ event: removed(201) }]);
    await vi.waitFor(() => expect(seen.map((e) => e.event)).toEqual([removed(200), removed(201)]));
  });

  it('tells its subscribers of a gap when Redis lost the stream (a restart without its data)', async () => {
    const key = `bus-test-${keySeq++}`;
    const a = await open(key);
    const follower = await open(key);
    const first = collect(follower, 1);
    await a.publish([{ event: removed(1) }]);
    await first;
    const seen: BusEvent[] = [];
    follower.subscribe((e) => seen.push(e));
    await withRaw((raw) => raw.del(key));
    await a.publish([{ event: removed(2) }]);
    await vi.waitFor(() =>
      expect(seen.map((e) => e.event)).toEqual([{ type: 'resync', reason: 'gap' }, removed(2)]),
    );
  });
});
