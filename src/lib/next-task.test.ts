import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the current task, behind work already queued', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued timer'), 0);
    const done = nextTask().then(() => order.push('next task'));
    await Promise.resolve();
    order.push('same task');
    await done;
    expect(order).toEqual(['same task', 'queued timer', 'next task']);
  });
});
