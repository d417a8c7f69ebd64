import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleBody, ScheduledMessage, ScheduleUpdate } from '@/contract';
import { placeScheduled } from '@/data/scheduled';
import { call } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { errorText } from '@/components/ui/states';
import { apiFieldErrors } from '@/lib/form-errors';

// Scheduling, editing and cancelling a send (the BFF's own: it keeps them and sends them from its
// job queue). Nothing is shown before the server answers: it decides whether the time fits the
// reply window, and a scheduled message shown by guess would have to vanish again.

export const scheduledMutationKeys = {
  create: (conversationId: string) => ['scheduled', 'create', conversationId] as const,
  update: (id: string) => ['scheduled', 'update', id] as const,
  cancel: (id: string) => ['scheduled', 'cancel', id] as const,
};

/** The server's words on one field of a 400 ("sendAt …", "text …", "template.templateName …"). */
export function scheduleFieldError(error: unknown, field: 'sendAt' | 'text' | 'template'): string | null {
  const lines = apiFieldErrors(error);
  if (!lines) return null;
  return lines.find((l) => l.path === field || l.path.startsWith(`${field}.`))?.message ?? null;
}

export function useScheduleMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<ScheduledMessage, Error, ScheduleBody>({
    mutationKey: scheduledMutationKeys.create(conversationId),
    mutationFn: (body) => call('scheduled.create', { params: { id: conversationId }, body }),
    onSuccess: (scheduled) => placeScheduled(queryClient, scheduled),
  });
}

export function useUpdateScheduled(id: string) {
  const queryClient = useQueryClient();
  return useMutation<ScheduledMessage, Error, ScheduleUpdate>({
    mutationKey: scheduledMutationKeys.update(id),
    mutationFn: (body) => call('scheduled.update', { params: { id }, body }),
    onSuccess: (scheduled) => placeScheduled(queryClient, scheduled),
  });
}

/**
 * Cancels (or, for a failed one, deletes) a scheduled message, saying so in a toast. Said here,
 * not by the row that asked: the live event of the cancel can remove that row before the answer
 * comes, and a mutation's per-call callbacks die with the component that made the call.
 */
export function useCancelScheduled(id: string, failed: boolean) {
  const queryClient = useQueryClient();
  return useMutation<ScheduledMessage, Error, void>({
    mutationKey: scheduledMutationKeys.cancel(id),
    mutationFn: () => call('scheduled.cancel', { params: { id } }),
    onSuccess: (scheduled) => {
      placeScheduled(queryClient, scheduled);
      notify.success(failed ? 'Deleted' : 'Scheduled message cancelled');
    },
    onError: (error) => notify.error('It could not be cancelled', { description: errorText(error) }),
  });
}
