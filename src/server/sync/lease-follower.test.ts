import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryBus } from '../events/memory-bus';
import { followWhileLeaseHeld } from './lease-follower';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const removed = (n: number) => ({
  event: { type: 'lead.removed' as const, id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` },
});

it('passes events on only while the lease is held, and says so once each time it is taken over', async () => {
  const bus = new MemoryBus();
  let holds = false;
  const seen: string[] = [];
  let takeOvers = 0;
  const stop = followWhileLeaseHeld(bus, () => holds, {
    onEvent: (e) => seen.push(e.event.type),
    onTakeOver: () => (takeOvers += 1),
  });
  await bus.publish([removed(1)]);
  expect(seen).toEqual([]);
  holds = true;
  vi.advanceTimersByTime(5_000);
  vi.advanceTimersByTime(5_000);
  expect(takeOvers).toBe(1);
  await bus.publish([removed(2)]);
  expect(seen).toEqual(['lead.removed']);
  holds = false;
  vi.advanceTimersByTime(5_000);
  holds = true;
  vi.advanceTimersByTime(5_000);
  expect(takeOvers).toBe(2);
  stop();
  await bus.publish([removed(3)]);
  expect(seen).toHaveLength(1);
});
