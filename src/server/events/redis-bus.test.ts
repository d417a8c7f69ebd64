import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function open(key: string, opts: { maxEvents?: number; maxAgeMs?: number; clock?: () => number } = {}) {
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
    const bus = await open(key, { maxEvents: 2, maxAgeMs: 60_000, clock: () => now });
    const [first] = await bus.publish([{ event: removed(1) }]);
    // MAXLEN ~ trims whole nodes only: a long run makes sure the first entry goes.
    for (let i = 0; i < 30; i++)
      await bus.publish(Array.from({ length: 10 }, (_, j) => ({ event: removed(j) })));
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
});
