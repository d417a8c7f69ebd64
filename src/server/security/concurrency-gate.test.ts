import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, type Release } from './concurrency-gate';

describe('ConcurrencyGate', () => {
  it('runs up to its concurrency, queues up to its limit in order, and refuses the rest', async () => {
    const gate = new ConcurrencyGate(2, 2);
    const first = await gate.tryEnter()!;
    const second = await gate.tryEnter()!;
    const order: string[] = [];
    const third = gate.tryEnter()!.then((release) => (order.push('third'), release));
    const fourth = gate.tryEnter()!.then((release) => (order.push('fourth'), release));
    expect(gate.tryEnter()).toBeNull();
    expect(gate.load).toEqual({ running: 2, waiting: 2 });

    first();
    const thirdRelease: Release = await third;
    expect(order).toEqual(['third']);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    // Releasing twice hands on only one turn.
    second();
    second();
    const fourthRelease = await fourth;
    expect(order).toEqual(['third', 'fourth']);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });

    thirdRelease();
    fourthRelease();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(gate.tryEnter()).not.toBeNull();
  });

  it('refuses at once with no queue when all turns are taken', async () => {
    const gate = new ConcurrencyGate(1, 0);
    const release = await gate.tryEnter()!;
    expect(gate.tryEnter()).toBeNull();
    release();
    expect(gate.tryEnter()).not.toBeNull();
  });
});
