import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LiveEventOf, PresenceBody } from '@/contract';
import { call } from '@/lib/api-client';

// Who else has which thread open and who is typing: kept only in the browser, from the stream's
// presence events, each entry stamped with when this tab heard it (so clocks need not agree);
// PRESENCE_TTL_MS after the last word from a teammate, they no longer count.

export interface Presence {
  readonly username: string;
  readonly name: string;
  readonly conversationId: string | null;
  readonly typing: boolean;
  /** When this tab heard it (its own clock). */
  readonly heardAt: number;
}

export const presenceKeys = { all: ['presence'] as const };

/** Filled by the stream only: never read from the server. */
export const presenceQuery = () =>
  queryOptions({
    queryKey: presenceKeys.all,
    queryFn: () => ({}) as Record<string, Presence>,
    initialData: {} as Record<string, Presence>,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function applyPresence(queryClient: QueryClient, event: LiveEventOf<'presence.changed'>): void {
  queryClient.setQueryData<Record<string, Presence>>(presenceKeys.all, (held) => ({
    ...held,
    [event.username]: {
      username: event.username,
      name: event.name,
      conversationId: event.conversationId,
      typing: event.typing,
      heardAt: Date.now(),
    },
  }));
}

/** Tells the BFF what this tab has open; a failure is ignored (the next heartbeat tries again). */
export const tellPresence = (body: PresenceBody): Promise<unknown> =>
  call('presence.beat', { body, keepalive: true }).catch(() => undefined);
