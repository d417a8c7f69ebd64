import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation } from '@/contract';
import { invalidateConversationLists, upsertConversation } from '@/data/conversations';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { apiFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { errorText } from '@/components/ui/states';
import { formatSnoozeTime } from '../snooze/snooze-presets';

// Snoozing and waking are not shown before the server answers: the BFF decides whether the thread
// may snooze (and until when), and a thread that left Open by guess would have to come back.

// Keys start with 'conversations' and hold the thread's id, so live events about this thread wait
// for the answer instead of painting its old status over the write (writing() in live-events.ts).
export const snoozeKeys = {
  set: (id: string) => ['conversations', 'snooze', id] as const,
  clear: (id: string) => ['conversations', 'wake', id] as const,
};

export interface SnoozeVariables {
  until: Date;
  /** The custom field shows the server's word on `until` itself; a preset has nowhere but a toast. */
  from: 'preset' | 'field';
}

/**
 * The server's complaint about `until`, when it made one: a 400 whose lines name the field, as the
 * BFF words a body it refuses (lib/form-errors), or a `fields` map beside them, should it send one.
 */
export function untilFieldError(error: unknown): string | null {
  const lines = apiFieldErrors(error);
  if (!lines) return null;
  const fields: unknown = isApiError(error) ? error.body?.['fields'] : undefined;
  if (typeof fields === 'object' && fields !== null && !Array.isArray(fields)) {
    const until: unknown = (fields as Record<string, unknown>)['until'];
    if (typeof until === 'string' && until !== '') return until;
  }
  return lines.find((line) => line.path === 'until')?.message ?? null;
}

function settle(queryClient: QueryClient, answer: Conversation) {
  upsertConversation(queryClient, answer);
  // The thread moved between Open and Snoozed: every list reads again.
  void invalidateConversationLists(queryClient);
}

/** Snoozes the thread until a time; the answer (status `snoozed`) replaces it everywhere. */
export function useSnooze(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, SnoozeVariables>({
    mutationKey: snoozeKeys.set(conversationId),
    mutationFn: ({ until }) =>
      call('snooze.set', { params: { id: conversationId }, body: { until: until.toISOString() } }),
    onSuccess: (answer, { until }) => {
      settle(queryClient, answer);
      const time = formatSnoozeTime(new Date(answer.snoozed_until ?? until.toISOString()), new Date());
      notify.success(`Snoozed until ${time}`);
    },
    onError: (error, { from }) => {
      if (from === 'field' && untilFieldError(error) !== null) return;
      notify.error('The thread could not be snoozed', { description: errorText(error) });
    },
  });
}

/** Brings a snoozed thread back to Open now. */
export function useWake(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, void>({
    mutationKey: snoozeKeys.clear(conversationId),
    mutationFn: () => call('snooze.clear', { params: { id: conversationId } }),
    onSuccess: (answer) => {
      settle(queryClient, answer);
      notify.success('Back in Open');
    },
    onError: (error) => notify.error('The thread could not be woken', { description: errorText(error) }),
  });
}
