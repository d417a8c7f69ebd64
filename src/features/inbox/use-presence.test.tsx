import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_TTL_MS } from '@/contract';
import { presenceKeys, type Presence } from '@/data/presence';
import { sessionKeys } from '@/data/session';
import { useTeammatesIn } from './use-presence';

const THREAD = 'c1';

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionKeys.me(), { id: 'me' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hear = (p: Omit<Presence, 'heardAt'>) =>
    act(async () => {
      queryClient.setQueryData<Record<string, Presence>>(presenceKeys.all, (held) => ({
        ...held,
        [p.username]: { ...p, heardAt: Date.now() },
      }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { wrapper, hear };
}

describe('useTeammatesIn', () => {
  // The clock and its tick; the query's notifications (setTimeout) stay real.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('keeps the same list while the same teammates are in, and a new one when that changes', async () => {
    const { wrapper, hear } = setUp();
    const { result } = renderHook(() => useTeammatesIn(THREAD), { wrapper });
    await hear({ username: 'ana', name: 'Ana', conversationId: THREAD, typing: false });
    const first = result.current;
    expect(first.map((p) => p.name)).toEqual(['Ana']);

    // The clock ticks; nobody came or went: the same array, so nothing memoised on it renders.
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(first);

    // Someone else opens another thread: still the same list here.
    await hear({ username: 'bo', name: 'Bo', conversationId: 'c2', typing: false });
    expect(result.current).toBe(first);

    // Ana starts typing: a new list that says so.
    await hear({ username: 'ana', name: 'Ana', conversationId: THREAD, typing: true });
    expect(result.current).not.toBe(first);
    expect(result.current[0]?.typing).toBe(true);

    // Silent past the time to live: she is gone.
    act(() => vi.advanceTimersByTime(PRESENCE_TTL_MS + 5_000));
    expect(result.current).toEqual([]);
  });
});
