import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import type { ReminderKind } from '@/contract';
import { dueRemindersQuery, dueReminderOf } from '@/data/reminders';

// The bell on a thread's row or a lead's card while I have a reminder on it that came due. Every
// flag reads the one list of my due reminders (one request, shared), which the live `reminder.due`
// and my own Done / Cancel / move keep current.

export function ReminderDueFlag({ kind, id }: { kind: ReminderKind; id: string }) {
  // Reads what the navigation fetched (it is always on screen): a page of rows asks nothing itself.
  const due = useQuery({
    ...dueRemindersQuery(),
    enabled: false,
    select: (list) => dueReminderOf(list, kind, id),
  });
  if (!due.data) return null;
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded bg-warning-soft px-1.5 text-[11px] font-medium leading-5 text-warning"
      title={due.data.note ? `Reminder due: ${due.data.note}` : 'Reminder due'}
    >
      <BellRing size={12} aria-hidden />
      Reminder due
    </span>
  );
}
