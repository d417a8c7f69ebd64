import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell, BellRing, Check, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import type { Reminder } from '@/contract';
import { ReminderTimeDialog } from '@/components/reminders/reminder-time-dialog';
import { useCloseReminder, useUpdateReminder } from '@/components/reminders/reminder-mutations';
import { formatRemindTime } from '@/components/reminders/remind-me-times';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { reminderGoneText, remindersQuery } from '@/data/reminders';

/**
 * `/reminders`: my reminders that are still open. Due ones first (they fired, or their time has
 * passed and the BFF is about to fire them), then the upcoming ones, soonest first; each links to
 * its thread or lead and can be marked done, moved or cancelled.
 */
export function RemindersPage() {
  const { data } = useSuspenseQuery(remindersQuery('open'));
  const now = Date.now();
  const due = data.reminders.filter((r) => r.state === 'due' || Date.parse(r.dueAt) <= now);
  const upcoming = data.reminders.filter((r) => !due.includes(r));
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Reminders</h1>
        <p className="mt-1 text-[13px] text-muted">
          Reminders you set on conversations and leads. Only you see them.
        </p>
      </header>
      {data.reminders.length === 0 ? (
        <EmptyState title="No reminders" icon={<Bell size={28} />}>
          Use “Remind me” in a conversation’s header or on a lead, and it shows here until it is done.
        </EmptyState>
      ) : (
        <div className="flex max-w-3xl flex-col gap-6 p-6">
          {due.length > 0 ? <Section title="Due" reminders={due} now={now} /> : null}
          {upcoming.length > 0 ? <Section title="Upcoming" reminders={upcoming} now={now} /> : null}
        </div>
      )}
    </div>
  );
}

function Section({ title, reminders, now }: { title: string; reminders: readonly Reminder[]; now: number }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-[13px] font-semibold text-muted">
        {title} <span className="tabular">({reminders.length})</span>
      </h2>
      <ul aria-label={`${title} reminders`} className="flex flex-col gap-2">
        {reminders.map((r) => (
          <ReminderItem key={r.id} reminder={r} now={now} />
        ))}
      </ul>
    </section>
  );
}

function ReminderItem({ reminder, now }: { reminder: Reminder; now: number }) {
  const close = useCloseReminder(reminder.id);
  const update = useUpdateReminder(reminder.id);
  const [editing, setEditing] = useState(false);
  const busy = close.isPending || update.isPending;
  const isDue = reminder.state === 'due';
  const late = !isDue && Date.parse(reminder.dueAt) <= now;
  const gone = reminderGoneText(reminder);
  const when = formatRemindTime(new Date(reminder.dueAt), new Date(now));
  return (
    <li
      className={`flex flex-wrap items-start gap-3 rounded-lg border px-4 py-3 ${
        isDue ? 'border-warning/50 bg-warning-soft' : 'border-border'
      }`}
    >
      <span className="mt-0.5 text-muted" aria-hidden>
        {isDue ? <BellRing size={16} className="text-warning" /> : <Bell size={16} />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <span>{reminder.target.kind === 'lead' ? 'Lead' : 'Conversation'}</span>
          <time
            dateTime={reminder.dueAt}
            title={new Date(reminder.dueAt).toLocaleString()}
            className="tabular"
          >
            {isDue ? `Due ${when}` : late ? `Due ${when}, on its way` : when}
          </time>
        </p>
        {gone ? (
          <p className="font-medium">
            <UserText>{reminder.label}</UserText>{' '}
            <span className="text-[13px] font-normal text-danger">{gone}</span>
          </p>
        ) : (
          <RecordLink reminder={reminder} />
        )}
        {reminder.note ? (
          <p className="mt-1 whitespace-pre-wrap text-[13px]">
            <UserText>{reminder.note}</UserText>
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-1.5">
        <Button
          size="sm"
          onClick={() => close.mutate('done')}
          disabled={busy}
          aria-label={`Done: ${reminder.label}`}
        >
          <Check size={14} aria-hidden />
          Done
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setEditing(true)}
          disabled={busy}
          aria-label={`Change time: ${reminder.label}`}
        >
          <Pencil size={14} aria-hidden />
          <span className="hidden sm:inline">Change time</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => close.mutate('cancelled')}
          disabled={busy}
          aria-label={`Cancel reminder: ${reminder.label}`}
        >
          <X size={14} aria-hidden />
          <span className="hidden sm:inline">Cancel</span>
        </Button>
      </div>
      {editing ? (
        <ReminderTimeDialog
          title="Change the reminder’s time"
          submitLabel="Save"
          // A due one moves on from now; an upcoming one starts where it is.
          initialAt={isDue || late ? new Date(now + 3_600_000) : new Date(reminder.dueAt)}
          initialNote={reminder.note ?? ''}
          pending={update.isPending}
          send={(at, note) =>
            update.mutateAsync({ input: { dueAt: at.toISOString(), note: note || null }, from: 'field' })
          }
          onClose={() => setEditing(false)}
        />
      ) : null}
    </li>
  );
}

function RecordLink({ reminder }: { reminder: Reminder }) {
  const className = 'font-medium text-fg underline-offset-2 hover:underline focus-visible:outline-2';
  if (reminder.target.kind === 'lead')
    return (
      <Link to="/leads" search={{ lead: reminder.target.id }} className={className}>
        <UserText>{reminder.label}</UserText>
      </Link>
    );
  return (
    <Link to="/inbox/$conversationId" params={{ conversationId: reminder.target.id }} className={className}>
      <UserText>{reminder.label}</UserText>
    </Link>
  );
}
