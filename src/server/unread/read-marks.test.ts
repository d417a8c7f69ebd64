import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { MemoryBus } from '../events/memory-bus';
import { DatabaseUnavailableError } from '../store/store-errors';
import { ReadModel } from '../sync/read-model';
import { conversation } from '../testing/live-records';
import { ReadMarks } from './read-marks';
import type { ReadMarksRepository } from './read-marks-repository';

// The marks follow the bus: a read on another instance reaches this one's copy. An event for an
// agent whose marks could not be loaded (the database was down) is nothing to apply, and must not
// become an unhandled rejection (which ends the process) nor stop later events.

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
});

it('ignores a read from another instance for an agent whose marks failed to load, and goes on', async () => {
  process.on('unhandledRejection', onUnhandled);
  const bus = new MemoryBus();
  const model = new ReadModel();
  const thread = conversation(1);
  model.conversations.set(thread.id, thread);
  let down = true;
  const repository = {
    load: () =>
      down
        ? Promise.reject(new DatabaseUnavailableError('ECONNREFUSED'))
        : Promise.resolve({ since: 0, marks: [] }),
    save: () => Promise.reject(new Error('not used')),
  } as unknown as ReadMarksRepository;
  const marks = new ReadMarks({ repository, model, bus, clock: () => 0, log: pino({ level: 'silent' }) });
  try {
    const first = marks.summary('ana');
    const read = {
      event: {
        type: 'readState.changed' as const,
        conversationId: thread.id,
        readAt: new Date(0).toISOString(),
        markedUnread: true,
      },
      audience: ['ana'],
    };
    // While the load is failing: the event waits on it.
    await bus.publish([read]);
    await expect(first).rejects.toBeInstanceOf(DatabaseUnavailableError);
    // Rejections are reported once the microtasks have run: a macrotask later, all have.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    // The database is back: the agent's marks load, and later events apply.
    down = false;
    await marks.summary('ana');
    await bus.publish([read]);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await marks.summary('ana')).threads).toEqual({ [thread.id]: 1 });
  } finally {
    marks.stop();
  }
});
