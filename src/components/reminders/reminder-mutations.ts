import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reminder, ReminderCreate, ReminderUpdate } from '@/contract';
import { closeReminder, createReminder, reminderKeys, updateReminder } from '@/data/reminders';
import { apiFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { errorText } from '../ui/states';
import { formatRemindTime } from './remind-me-times';

// The reminder writes the menu (thread header, lead drawer) and the Reminders page share. Nothing
// is shown before the server answers: it decides whether the time is acceptable, and a reminder
// that appeared by guess would have to vanish again.

/** Where the person chose: a field shows the server's word on itself; a preset has only a toast. */
export type ReminderFrom = 'preset' | 'field';

/** The server's complaints about the fields, keyed by field (`dueAt`, `note`), when it made any. */
export function reminderFieldErrors(error: unknown): { dueAt?: string; note?: string } {
  const lines = apiFieldErrors(error) ?? [];
  const of = (path: string) => lines.find((line) => line.path === path)?.message;
  const dueAt = of('dueAt');
  const note = of('note');
  return { ...(dueAt ? { dueAt } : {}), ...(note ? { note } : {}) };
}

const onFieldsOrToast = (error: unknown, from: ReminderFrom, title: string) => {
  const fields = reminderFieldErrors(error);
  if (from === 'field' && (fields.dueAt || fields.note)) return;
  notify.error(title, { description: errorText(error) });
};

export function useCreateReminder(targetId: string) {
  const queryClient = useQueryClient();
  return useMutation<Reminder, Error, { input: ReminderCreate; from: ReminderFrom }>({
    mutationKey: reminderKeys.create(targetId),
    mutationFn: ({ input }) => createReminder(queryClient, input),
    onSuccess: (reminder) =>
      notify.success(`Reminder set for ${formatRemindTime(new Date(reminder.dueAt), new Date())}`),
    onError: (error, { from }) => onFieldsOrToast(error, from, 'The reminder could not be set'),
  });
}

export function useUpdateReminder(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Reminder, Error, { input: ReminderUpdate; from: ReminderFrom }>({
    mutationKey: reminderKeys.change(id),
    mutationFn: ({ input }) => updateReminder(queryClient, id, input),
    onSuccess: (reminder) =>
      notify.success(`Reminder moved to ${formatRemindTime(new Date(reminder.dueAt), new Date())}`),
    onError: (error, { from }) => onFieldsOrToast(error, from, 'The reminder could not be changed'),
  });
}

export function useCloseReminder(id: string) {
  const queryClient = useQueryClient();
  return useMutation<Reminder, Error, 'done' | 'cancelled'>({
    mutationKey: reminderKeys.change(id),
    mutationFn: (how) => closeReminder(queryClient, id, how),
    onSuccess: (reminder) =>
      notify.success(reminder.state === 'done' ? 'Reminder done' : 'Reminder cancelled'),
    onError: (error, how) =>
      notify.error(
        how === 'done' ? 'The reminder could not be marked done' : 'The reminder could not be cancelled',
        {
          description: errorText(error),
        },
      ),
  });
}
