import { describe, expect, it } from 'vitest';
import { conversation, message } from '../testing/live-records';
import { createLogger } from '../logger';
import { AppliedLog } from './applied-log';
import { ReadModel } from './read-model';

describe('AppliedLog', () => {
  it('notes when a thread’s messages changed for browsers, not when they were only loaded', () => {
    const model = new ReadModel();
    const log = new AppliedLog(model, () => 5_000, createLogger('silent'));
    const [loaded, live] = [conversation(1), conversation(2)];
    log.apply({
      id: 'b-1',
      event: { type: 'messages.upserted', conversationId: loaded.id, messages: [message(1, 1)] },
      audience: [],
    });
    log.apply({
      id: 'b-2',
      event: { type: 'messages.upserted', conversationId: live.id, messages: [message(2, 1)] },
    });
    expect([...model.liveMessagesAt]).toEqual([[live.id, 5_000]]);
    expect(model.messagesOf(loaded.id)).toHaveLength(1);
    expect(log.lastId).toBe('b-2');
  });
});
