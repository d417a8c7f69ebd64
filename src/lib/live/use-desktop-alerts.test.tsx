import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import type { LiveEvent, Note } from '@/contract';
import { preferenceKeys } from '@/data/preferences';
import { sessionKeys } from '@/data/session';
import { useDesktopAlerts } from './use-desktop-alerts';

// The alerts' code comes only once the person has turned desktop alerts on; from then on the same
// function (the stream keeps it) says the events it is given.

const shown: string[] = [];
vi.stubGlobal(
  'Notification',
  class {
    static permission: NotificationPermission = 'granted';
    onclick: (() => void) | null = null;
    constructor(title: string) {
      shown.push(title);
    }
  },
);
afterEach(() => {
  shown.length = 0;
});

const mention: LiveEvent = {
  type: 'mention.created',
  note: { id: '7', conversationId: 'c1', authorName: 'Marco', body: 'Look @Ana' } as Note,
};

it('says nothing while desktop alerts are off, and says events once they are turned on', async () => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(preferenceKeys.mine, { desktop: false, sound: false });
  queryClient.setQueryData(sessionKeys.me(), { id: 'ana@acme.test', name: 'Ana', role: 'agent', upstreamUserId: 'u1' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDesktopAlerts(), { wrapper });
  const first = result.current;
  first(queryClient, mention);
  await new Promise((resolve) => setTimeout(resolve, 50));
  first(queryClient, mention);
  expect(shown).toEqual([]);

  act(() => queryClient.setQueryData(preferenceKeys.mine, { desktop: true, sound: false }));
  await waitFor(() => {
    result.current(queryClient, mention);
    expect(shown).toEqual(['Marco mentioned you']);
  });
  expect(result.current).toBe(first);
});
