import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract/events';
import type { BusEvent } from './bus';
import { MemoryBus } from './memory-bus';

const removed = (n: number): LiveEvent => ({
  type: 'lead.removed',
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
});

describe('MemoryBus', () => {
  it('gives ids in order and tells subscribers every event, with its audience', async () => {
    const bus = new MemoryBus();
    const seen: BusEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    const [a, b] = await bus.publish([{ event: removed(1) }, { event: removed(2), audience: ['ada'] }]);
    expect(seen.map((e) => e.id)).toEqual([a!.id, b!.id]);
    expect(seen[1]!.audience).toEqual(['ada']);
    expect(await bus.lastId()).toBe(b!.id);
  });

  it('replays what came after an id, and nothing after the newest', async () => {
    const bus = new MemoryBus();
    const [first, , third] = await bus.publish([1, 2, 3].map((n) => ({ event: removed(n) })));
    const replay = await bus.replayAfter(first!.id);
    expect(replay.kind === 'events' && replay.events.map((e) => e.event)).toEqual([removed(2), removed(3)]);
    expect(await bus.replayAfter(third!.id)).toEqual({ kind: 'events', events: [] });
  });

  it('calls it a gap when the next event is no longer kept, by size or by age', async () => {
    let now = 0;
    const size = JSON.stringify(removed(1)).length;
    const bus = new MemoryBus({ maxBytes: 2 * size, maxAgeMs: 1000, clock: () => now });
    const [first, second] = await bus.publish([1, 2, 3, 4].map((n) => ({ event: removed(n) })));
    // Events 3 and 4 are kept: after 1, event 2 is missing; after 2, nothing is.
    expect(await bus.replayAfter(first!.id)).toEqual({ kind: 'gap' });
    expect((await bus.replayAfter(second!.id)).kind).toBe('events');
    now = 5000;
    expect(await bus.replayAfter(second!.id)).toEqual({ kind: 'gap' });
  });

  it('keeps a burst far larger than 10,000 events whole for replay', async () => {
    const bus = new MemoryBus();
    const [first] = await bus.publish([{ event: removed(0) }]);
    await bus.publish(Array.from({ length: 50_000 }, (_, n) => ({ event: removed(n + 1) })));
    const replay = await bus.replayAfter(first!.id);
    expect(replay.kind === 'events' && replay.events.length).toBe(50_000);
  });

  it('keeps exactly the newest events when they arrive one at a time past the cap', async () => {
    const bus = new MemoryBus({ maxBytes: 3 * JSON.stringify(removed(1)).length });
    const ids: string[] = [];
    for (let n = 1; n <= 20; n++) ids.push((await bus.publish([{ event: removed(n) }]))[0]!.id);
    // 18, 19 and 20 are kept: after 17 they replay, after 16 event 17 is missing.
    const replay = await bus.replayAfter(ids[16]!);
    expect(replay.kind === 'events' && replay.events.map((e) => e.event)).toEqual([
      removed(18),
      removed(19),
      removed(20),
    ]);
    expect(await bus.replayAfter(ids[15]!)).toEqual({ kind: 'gap' });
  });

  it('calls an id of another process, a future id or nonsense a gap', async () => {
    const bus = new MemoryBus();
    await bus.publish([{ event: removed(1) }]);
    const other = new MemoryBus();
    const [foreign] = await other.publish([{ event: removed(1) }]);
    expect(await bus.replayAfter(foreign!.id)).toEqual({ kind: 'gap' });
    const mine = (await bus.lastId())!;
    expect(await bus.replayAfter(mine.replace(/-\d+$/, '-99'))).toEqual({ kind: 'gap' });
    expect(await bus.replayAfter('nonsense')).toEqual({ kind: 'gap' });
  });

  it('stops telling a listener once it unsubscribes', async () => {
    const bus = new MemoryBus();
    const seen: string[] = [];
    const off = bus.subscribe((e) => seen.push(e.id));
    await bus.publish([{ event: removed(1) }]);
    off();
    await bus.publish([{ event: removed(2) }]);
    expect(seen).toHaveLength(1);
  });
});
