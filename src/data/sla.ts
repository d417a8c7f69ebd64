import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  SLA_KIND_LABELS,
  conversationName,
  type LiveEventOf,
  type SlaReportQuery,
  type ThreadSla,
} from '@/contract';
import { call } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { heldConversation, mapListRows } from './conversations';

// Business hours and SLA policies (the BFF's own data: src/server/sla). Everyone reads the
// settings once (a chip counts its time left in the workspace's hours); admins save them whole.
// Each thread's running clock arrives with its row and its screen, and moves by the live
// `sla.changed`; `sla.breached` comes to the owner's browsers (everyone's when unowned) as a toast.

export const slaKeys = {
  all: ['sla'] as const,
  settings: () => ['sla', 'settings'] as const,
  /** One thread's running clock, written from its screen read and the live stream (never fetched alone). */
  thread: (id: string) => ['sla', 'thread', id] as const,
  report: (query: SlaReportQuery) => ['sla', 'report', query] as const,
  save: () => ['sla', 'save'] as const,
};

export const slaSettingsQuery = () =>
  queryOptions({
    queryKey: slaKeys.settings(),
    queryFn: ({ signal }) => call('sla.get', { signal }),
    staleTime: 5 * 60_000,
    // Without the BFF's database it answers 503 at once; chips then count around the clock.
    retry: false,
  });

export const slaReportQuery = (query: SlaReportQuery) =>
  queryOptions({
    queryKey: slaKeys.report(query),
    queryFn: ({ signal }) => call('reports.sla', { query, signal }),
  });

/** A thread's running clock, as the thread screen read it or the stream last said. */
export const threadSlaQuery = (id: string) =>
  queryOptions<ThreadSla | null>({
    queryKey: slaKeys.thread(id),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  });

export function setThreadSla(queryClient: QueryClient, conversationId: string, sla: ThreadSla | null): void {
  queryClient.setQueryData(slaKeys.thread(conversationId), sla);
}

/** The live `sla.changed`: into the thread's rows and its header. */
export function onSlaChanged(queryClient: QueryClient, event: LiveEventOf<'sla.changed'>): void {
  setThreadSla(queryClient, event.conversationId, event.sla);
  mapListRows(queryClient, (row) =>
    row.conversation.id === event.conversationId ? { ...row, sla: event.sla } : row,
  );
}

/** The words a breach is told in (toast and desktop notification). */
export function breachText(queryClient: QueryClient, event: LiveEventOf<'sla.breached'>): string {
  const thread = heldConversation(queryClient, event.conversationId);
  const name = thread ? conversationName(thread, {}) : 'a thread';
  return `${SLA_KIND_LABELS[event.kind]} target missed on ${name}`;
}

/** The live `sla.breached` (the owner's browsers, or everyone's when unowned): a toast, once per clock. */
export function onSlaBreached(queryClient: QueryClient, event: LiveEventOf<'sla.breached'>): void {
  notify.error(breachText(queryClient, event), {
    id: `sla-${event.conversationId}-${event.kind}-${event.dueAt}`,
    duration: 15_000,
    description: event.owner === null ? 'Nobody owns this thread.' : 'The SLA target has passed.',
  });
}
