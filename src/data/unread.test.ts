import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { UnreadSummary } from '@/contract';
import { countArrived, unreadKeys } from './unread';

// Messages the live stream brings are counted from the event itself, as the BFF counts them, with
// no read of /bff/unread per message.

const NOW = Date.parse('2026-11-27T10:00:00Z');
const inbound = (id: string, created_at = '2026-11-27T09:59:00Z') => ({
  id,
  direction: 'inbound',
  created_at,
});
const nothingHeld = () => false;

function clientWith(summary: UnreadSummary) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(unreadKeys.all, summary);
  const summaryOf = () => queryClient.getQueryData<UnreadSummary>(unreadKeys.all);
  return { queryClient, summaryOf };
}

describe('counting messages that arrive on the live stream', () => {
  it('adds each new inbound message to its thread, and a new thread to the total', () => {
    const { queryClient, summaryOf } = clientWith({ total: 1, threads: { c1: 2 } });
    countArrived(queryClient, 'c1', [inbound('m1'), inbound('m2')], nothingHeld, NOW);
    countArrived(queryClient, 'c2', [inbound('m3')], nothingHeld, NOW);
    expect(summaryOf()).toEqual({ total: 2, threads: { c1: 4, c2: 1 } });
  });

  it('counts a message once, however often the stream sends it, and never what the thread holds', () => {
    const { queryClient, summaryOf } = clientWith({ total: 0, threads: {} });
    countArrived(queryClient, 'c1', [inbound('m1')], nothingHeld, NOW);
    // The same message again (its status moved, or a replay after a reconnect).
    countArrived(queryClient, 'c1', [inbound('m1')], nothingHeld, NOW);
    countArrived(queryClient, 'c1', [inbound('m2')], (id) => id === 'm2', NOW);
    expect(summaryOf()).toEqual({ total: 1, threads: { c1: 1 } });
  });

  it('leaves out outbound messages, unbelievable times and broken ones, and stops at a page', () => {
    const { queryClient, summaryOf } = clientWith({ total: 0, threads: {} });
    countArrived(
      queryClient,
      'c1',
      [
        { id: 'o1', direction: 'outbound', created_at: '2026-11-27T09:59:00Z' },
        inbound('far', '9999-12-31T23:59:59Z'),
        inbound('broken', 'not a time'),
      ],
      nothingHeld,
      NOW,
    );
    expect(summaryOf()).toEqual({ total: 0, threads: {} });
    countArrived(
      queryClient,
      'c1',
      Array.from({ length: 25 }, (_, i) => inbound(`m${String(i)}`)),
      nothingHeld,
      NOW,
    );
    expect(summaryOf()?.threads.c1).toBe(20);
  });

  it('changes nothing before the summary was read', () => {
    const queryClient = new QueryClient();
    countArrived(queryClient, 'c1', [inbound('m1')], nothingHeld, NOW);
    expect(queryClient.getQueryData(unreadKeys.all)).toBeUndefined();
  });
});
