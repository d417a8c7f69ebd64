import pino from 'pino';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MemoryBus } from '../events/memory-bus';
import { LogCapture } from '../testing/test-app';
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
  const stop = followWhileLeaseHeld(
    bus,
    () => holds,
    { onEvent: (e) => seen.push(e.event.type), onTakeOver: () => (takeOvers += 1) },
    { log: pino({ level: 'silent' }), label: 'test' },
  );
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

it('goes on past an event its follower throws on: later events, other subscribers, one log line per kind', async () => {
  const bus = new MemoryBus();
  const logs = new LogCapture();
  const seen: string[] = [];
  const others: string[] = [];
  const stop = followWhileLeaseHeld(
    bus,
    () => true,
    {
      onEvent: (e) => {
        if (e.event.type === 'lead.removed' && e.event.id.endsWith('1')) throw new TypeError('bad record');
        seen.push(e.event.type);
      },
      onTakeOver: () => undefined,
    },
    { log: pino({}, logs), label: 'search index' },
  );
  bus.subscribe((e) => others.push(e.event.type));
  try {
    await expect(bus.publish([removed(1), removed(2)])).resolves.toHaveLength(2);
    await bus.publish([removed(11)]);
    await bus.publish([removed(3)]);
    expect(seen).toEqual(['lead.removed', 'lead.removed']);
    expect(others).toHaveLength(4);
    const lines = logs.lines.filter((l) => l.includes('could not take an event'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ follower: 'search index', skipped: 1 });
  } finally {
    stop();
  }
});

it('tries a take-over that threw again at the next check, so nothing the model held is missed', () => {
  const bus = new MemoryBus();
  const holds = true;
  let attempts = 0;
  const stop = followWhileLeaseHeld(
    bus,
    () => holds,
    {
      onEvent: () => undefined,
      onTakeOver: () => {
        attempts += 1;
        throw new Error('model half loaded');
      },
    },
    { log: pino({ level: 'silent' }), label: 'history' },
  );
  try {
    expect(attempts).toBe(1);
    vi.advanceTimersByTime(5_000);
    expect(attempts).toBe(2);
  } finally {
    stop();
  }
});
