import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  Reminder,
  ReminderCreate,
  ReminderKind,
  ReminderList,
  ReminderState,
  ReminderUpdate,
} from '@/contract';
import { call } from '@/lib/api-client';
import { notify } from '@/lib/notify';

// My reminders (the BFF's own data: src/server/reminders). Two reads: the open ones (pending and
// due, for the Reminders page) and the due ones alone, which flag a thread's row and a lead's card
// and count on the navigation. Every change (a mutation's answer, the live `reminder.due`) goes
// through putReminder, so each list that holds the reminder shows it as the server last said.

/** `open`: pending and due together (the route's answer without a state). */
export type ReminderListName = ReminderState | 'open';

export const reminderKeys = {
  all: ['reminders'] as const,
  lists: () => ['reminders', 'list'] as const,
  list: (name: ReminderListName) => ['reminders', 'list', name] as const,
  // Mutation keys, general to specific, holding the reminder's id (or the record's, for a new one).
  create: (targetId: string) => ['reminders', 'create', targetId] as const,
  change: (id: string) => ['reminders', 'change', id] as const,
};

export const remindersQuery = (name: ReminderListName = 'open') =>
  queryOptions({
    queryKey: reminderKeys.list(name),
    queryFn: ({ signal }) =>
      call('reminders.list', { query: name === 'open' ? {} : { state: name }, signal }),
    // The live stream says when one comes due; the rest changes only by this person's hand.
    staleTime: 60_000,
    retry: false,
  });

/** The due ones: what flags rows and cards and counts on the navigation. */
export const dueRemindersQuery = () => remindersQuery('due');

const inList = (name: ReminderListName, state: ReminderState) =>
  name === 'open' ? state === 'pending' || state === 'due' : name === state;

const soonestFirst = (a: Reminder, b: Reminder) =>
  Date.parse(a.dueAt) - Date.parse(b.dueAt) || a.id.localeCompare(b.id);

/** The reminder as it now is, into every list held: added where its state belongs, dropped elsewhere. */
export function putReminder(queryClient: QueryClient, reminder: Reminder): void {
  for (const [key, data] of queryClient.getQueriesData<ReminderList>({ queryKey: reminderKeys.lists() })) {
    if (!data) continue;
    const name = key[2] as ReminderListName;
    const others = data.reminders.filter((r) => r.id !== reminder.id);
    const reminders = inList(name, reminder.state) ? [...others, reminder].sort(soonestFirst) : others;
    queryClient.setQueryData<ReminderList>(key, { ...data, reminders });
  }
}

/** The due reminder flagging this record, if I have one. */
export const dueReminderOf = (list: ReminderList | undefined, kind: ReminderKind, id: string) =>
  list?.reminders.find((r) => r.target.kind === kind && r.target.id === id);

export async function createReminder(queryClient: QueryClient, input: ReminderCreate): Promise<Reminder> {
  const reminder = await call('reminders.create', { body: input });
  putReminder(queryClient, reminder);
  return reminder;
}

export async function updateReminder(
  queryClient: QueryClient,
  id: string,
  input: ReminderUpdate,
): Promise<Reminder> {
  const reminder = await call('reminders.update', { params: { id }, body: input });
  putReminder(queryClient, reminder);
  return reminder;
}

export async function closeReminder(
  queryClient: QueryClient,
  id: string,
  how: 'done' | 'cancelled',
): Promise<Reminder> {
  const reminder = await call(how === 'done' ? 'reminders.done' : 'reminders.cancel', { params: { id } });
  putReminder(queryClient, reminder);
  return reminder;
}

/** What a due reminder is about, in words for the toast and the page. */
export function reminderGoneText(reminder: Pick<Reminder, 'target' | 'recordGone'>): string | null {
  if (!reminder.recordGone) return null;
  return reminder.target.kind === 'lead' ? 'The lead was deleted.' : 'The conversation was deleted.';
}

/**
 * The live `reminder.due` (sent to my browsers only): into the lists, and said once in a toast,
 * keyed by the reminder so a second delivery (a job re-run after its instance died) adds nothing.
 */
export function onReminderDue(queryClient: QueryClient, reminder: Reminder): void {
  putReminder(queryClient, reminder);
  // A list this tab does not hold yet (the navigation's count) reads it.
  if (!queryClient.getQueryData(reminderKeys.list('due')))
    void queryClient.invalidateQueries({ queryKey: reminderKeys.list('due') });
  const gone = reminderGoneText(reminder);
  notify.info(`Reminder: ${reminder.label}`, {
    id: `reminder-${reminder.id}`,
    duration: 15_000,
    ...(gone || reminder.note ? { description: [gone, reminder.note].filter(Boolean).join(' ') } : {}),
  });
}
