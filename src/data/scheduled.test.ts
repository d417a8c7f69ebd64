import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ScheduledMessage } from '@/contract';
import { placeScheduled, scheduledKeys } from './scheduled';

// The one writer of a thread's scheduled messages: an answer or a live event puts one in its place,
// takes it out once sent or cancelled, and an older copy never undoes a newer one.

const THREAD = 'c0c0c0c0-0000-4000-8000-000000000001';
const record = (n: number, over: Partial<ScheduledMessage> = {}): ScheduledMessage => ({
  id: `5c000000-0000-4000-8000-00000000000${String(n)}`,
  conversationId: THREAD,
  kind: 'text',
  text: `message ${String(n)}`,
  replyTo: null,
  template: null,
  sendAt: `2026-03-1${String(n)}T09:00:00.000Z`,
  state: 'scheduled',
  failure: null,
  sentMessageId: null,
  scheduledBy: { username: 'ann@test.example', name: 'Ann' },
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  ...over,
});
const held = (client: QueryClient) => client.getQueryData<ScheduledMessage[]>(scheduledKeys.thread(THREAD));

describe('placeScheduled', () => {
  it('adds in time order, replaces, and removes once sent or cancelled', () => {
    const client = new QueryClient();
    client.setQueryData(scheduledKeys.thread(THREAD), [record(3)]);
    placeScheduled(client, record(1));
    expect(held(client)?.map((s) => s.text)).toEqual(['message 1', 'message 3']);
    placeScheduled(
      client,
      record(1, { state: 'failed', failure: 'closed', updatedAt: '2026-03-02T09:00:00.000Z' }),
    );
    expect(held(client)?.[0]).toMatchObject({ state: 'failed', failure: 'closed' });
    placeScheduled(client, record(3, { state: 'sent', updatedAt: '2026-03-02T09:00:00.000Z' }));
    expect(held(client)?.map((s) => s.text)).toEqual(['message 1']);
    placeScheduled(client, record(1, { state: 'cancelled', updatedAt: '2026-03-03T09:00:00.000Z' }));
    expect(held(client)).toEqual([]);
  });

  it('keeps the newer copy when an older one arrives after it', () => {
    const client = new QueryClient();
    client.setQueryData(scheduledKeys.thread(THREAD), [
      record(1, { state: 'failed', updatedAt: '2026-03-05T09:00:00.000Z' }),
    ]);
    placeScheduled(client, record(1, { state: 'scheduled', updatedAt: '2026-03-04T09:00:00.000Z' }));
    expect(held(client)?.[0]?.state).toBe('failed');
  });

  it('leaves a thread whose list was never read alone', () => {
    const client = new QueryClient();
    placeScheduled(client, record(1));
    expect(held(client)).toBeUndefined();
  });
});
