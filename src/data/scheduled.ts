import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ScheduledMessage } from '@/contract';
import { call } from '@/lib/api-client';

// Scheduled sends (the BFF's own: src/server/scheduled): a thread's list shows what is still to go
// and what failed; a sent or cancelled one leaves it. The one writer for every answer and every
// `scheduled.changed` event, so this tab's own edit and a teammate's land the same way.

export const scheduledKeys = {
  all: ['scheduled'] as const,
  thread: (conversationId: string) => ['scheduled', 'thread', conversationId] as const,
  mine: () => ['scheduled', 'mine'] as const,
};

export const threadScheduledQuery = (conversationId: string) =>
  queryOptions({
    queryKey: scheduledKeys.thread(conversationId),
    queryFn: ({ signal }) => call('scheduled.list', { params: { id: conversationId }, signal }),
    // The stream tells of every change; read again only when it was down.
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The states a thread's list shows (the server's list holds the same). */
export const shownInThread = (s: Pick<ScheduledMessage, 'state'>) =>
  s.state === 'scheduled' || s.state === 'sending' || s.state === 'failed';

const bySendAt = (a: ScheduledMessage, b: ScheduledMessage) =>
  Date.parse(a.sendAt) - Date.parse(b.sendAt) || a.id.localeCompare(b.id);

/** The newer of two copies of one record (an answer and its live echo may arrive in either order). */
const newer = (held: ScheduledMessage | undefined, incoming: ScheduledMessage) =>
  !held || Date.parse(incoming.updatedAt) >= Date.parse(held.updatedAt);

/** Puts a scheduled message where it belongs: in its thread's list, or out of it once sent or cancelled. */
export function placeScheduled(queryClient: QueryClient, scheduled: ScheduledMessage): void {
  const place = (held: ScheduledMessage[] | undefined) => {
    if (!held) return held;
    const old = held.find((s) => s.id === scheduled.id);
    if (!newer(old, scheduled)) return held;
    const rest = held.filter((s) => s.id !== scheduled.id);
    return shownInThread(scheduled) ? [...rest, scheduled].sort(bySendAt) : rest;
  };
  queryClient.setQueryData<ScheduledMessage[]>(scheduledKeys.thread(scheduled.conversationId), place);
  // My own list holds only mine, which an event does not say: a change to one held is written, a
  // new one is read again.
  const mine = queryClient.getQueryData<ScheduledMessage[]>(scheduledKeys.mine());
  if (mine?.some((s) => s.id === scheduled.id)) queryClient.setQueryData(scheduledKeys.mine(), place(mine));
  else if (mine && shownInThread(scheduled))
    void queryClient.invalidateQueries({ queryKey: scheduledKeys.mine(), exact: true });
}
