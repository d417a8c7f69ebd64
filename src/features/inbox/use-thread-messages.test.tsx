import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageKeys, type MessagesData } from '@/data/messages';
import { resetLiveStatus, setLiveStatus } from '@/lib/live/live-status';
import { conversation, message } from '@/contract/testing/records';
import { useRowMessages } from './use-thread-messages';

afterEach(() => act(() => resetLiveStatus()));

/** A row's thread with its newest page held (one message at second 1), and the list's view of it. */
function setUp(lastMessageSecond: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const thread = conversation({
    last_message_at: new Date(Date.UTC(2026, 0, 1, 0, 0, lastMessageSecond)).toISOString(),
  });
  const held = message(thread.id, 1);
  held.created_at = new Date(Date.UTC(2026, 0, 1, 0, 0, 1)).toISOString();
  queryClient.setQueryData<MessagesData>(messageKeys.thread(thread.id), {
    pages: [{ data: [held], hasMore: false }],
    pageParams: [null],
  });
  // What the row would read: answered here, so no network is involved.
  const fetchQuery = vi.spyOn(queryClient, 'fetchQuery').mockResolvedValue(undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  let renders = 0;
  renderHook(
    () => {
      renders++;
      return useRowMessages(thread, true);
    },
    { wrapper },
  );
  return { fetchQuery, renders: () => renders };
}

describe('useRowMessages', () => {
  it('does not render the row again when the live stream drops or comes back', () => {
    act(() => setLiveStatus({ stream: 'open' }));
    const { renders } = setUp(1);
    const before = renders();
    // Fifty rows each rendering again made the page's last task long when the page was left: the
    // browser drops the stream as it unloads the page.
    act(() => setLiveStatus({ stream: 'reconnecting' }));
    act(() => setLiveStatus({ stream: 'open' }));
    expect(renders()).toBe(before);
  });

  it('reads the newest page when the list shows a newer message and the stream cannot bring it', () => {
    act(() => setLiveStatus({ stream: 'reconnecting' }));
    const { fetchQuery } = setUp(30);
    expect(fetchQuery).toHaveBeenCalledTimes(1);
    expect(fetchQuery.mock.calls[0]?.[0].queryKey).toEqual(messageKeys.newest(expect.any(String) as string));
  });

  it('leaves the newer message to the stream while it is open', () => {
    act(() => setLiveStatus({ stream: 'open' }));
    const { fetchQuery } = setUp(30);
    expect(fetchQuery).not.toHaveBeenCalled();
  });

  it('asks nothing when the newest message held is the list’s last', () => {
    act(() => setLiveStatus({ stream: 'reconnecting' }));
    const { fetchQuery } = setUp(1);
    expect(fetchQuery).not.toHaveBeenCalled();
  });
});
