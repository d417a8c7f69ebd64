import { describe, expect, it } from 'vitest';
import { conversation, message } from '../testing/live-records';
import { createLogger } from '../logger';
import { AppliedLog } from './applied-log';
import { ReadModel } from './read-model';

describe('AppliedLog', () => {
  it('notes when it first saw an outbound message in a change, not in a load, nor an inbound one', () => {
    const model = new ReadModel();
    const log = new AppliedLog(model, () => 5_000, createLogger('silent'));
    const [loaded, live] = [conversation(1), conversation(2)];
    log.apply({
      id: 'b-1',
      event: {
        type: 'messages.upserted',
        conversationId: loaded.id,
        messages: [message(1, 1, { direction: 'outbound' })],
      },
      audience: [],
    });
    log.apply({
      id: 'b-2',
      event: {
        type: 'messages.upserted',
        conversationId: live.id,
        messages: [message(2, 1, { direction: 'outbound' }), message(2, 2)],
      },
    });
    expect([...model.outboundSeenAt]).toEqual([[message(2, 1).id, 5_000]]);
    expect(model.messagesOf(loaded.id)).toHaveLength(1);
    expect(log.lastId).toBe('b-2');
  });
});
