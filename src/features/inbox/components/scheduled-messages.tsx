import { useQuery } from '@tanstack/react-query';
import { AlertCircle, CalendarClock, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { ScheduledMessage } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Textarea } from '@/components/ui/field';
import { DateTimeField, DialogActions } from '@/components/time/date-time-field';
import { errorText } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { threadScheduledQuery } from '@/data/scheduled';
import { isApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { scheduleFieldError, useCancelScheduled, useUpdateScheduled } from '../api/scheduled';
import { scheduledForText, validateScheduleTime } from '../scheduled/schedule-presets';
import { parseLocalDateTime, toLocalInputValue } from '../snooze/snooze-presets';
import { useNow } from '@/lib/use-now';

// The thread's scheduled messages, above the composer: each one still to go with Edit and Cancel,
// one being sent saying so, one that failed with its reason and a way to try again or delete it.
// Kept current by the live stream (`scheduled.changed`); nothing shows when there is none.

export function ScheduledMessages({ conversationId }: { conversationId: string }) {
  const query = useQuery(threadScheduledQuery(conversationId));
  const now = new Date(useNow());
  if (query.isPending) return null;
  if (query.isError) {
    // 503: this BFF keeps no scheduled sends (it runs without its database); nothing to show.
    if (isApiError(query.error) && query.error.status === 503) return null;
    // Not an alert: the thread and its composer work; only this list is missing.
    return (
      <p className="flex items-center gap-2 px-4 pt-2 text-xs text-muted">
        Scheduled messages could not be loaded.
        <Button size="sm" variant="ghost" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (query.data.length === 0) return null;
  return (
    <section aria-label="Scheduled messages" className="px-4 pt-2">
      <ul className="flex flex-col gap-1">
        {query.data.map((scheduled) => (
          <ScheduledRow key={scheduled.id} scheduled={scheduled} now={now} />
        ))}
      </ul>
    </section>
  );
}

const preview = (s: ScheduledMessage) =>
  s.kind === 'template' ? `Template ${s.template?.templateName ?? ''}` : (s.text ?? '');

function ScheduledRow({ scheduled, now }: { scheduled: ScheduledMessage; now: Date }) {
  const failed = scheduled.state === 'failed';
  const cancel = useCancelScheduled(scheduled.id, failed);
  const [editing, setEditing] = useState(false);
  const sending = scheduled.state === 'sending';
  const onCancel = () => cancel.mutate();
  return (
    <li
      data-scheduled={scheduled.id}
      className={`flex flex-wrap items-center gap-2 rounded-md border px-2 py-1 text-[13px] ${
        failed ? 'border-danger bg-danger-soft' : 'border-border bg-surface'
      }`}
    >
      {failed ? (
        <AlertCircle size={14} aria-hidden className="shrink-0 text-danger" />
      ) : sending ? (
        <Loader2 size={14} aria-hidden className="shrink-0 animate-spin motion-reduce:animate-none" />
      ) : (
        <CalendarClock size={14} aria-hidden className="shrink-0 text-muted" />
      )}
      <span className="min-w-0 flex-1 truncate">
        <span className="font-medium tabular" title={new Date(scheduled.sendAt).toLocaleString()}>
          {failed ? 'Not sent' : sending ? 'Sending now' : scheduledForText(scheduled.sendAt, now)}
        </span>
        {' — '}
        <UserText>{preview(scheduled)}</UserText>
        <span className="text-muted"> · by {scheduled.scheduledBy.name}</span>
      </span>
      {failed || (sending && scheduled.failure) ? (
        <span
          role={failed ? 'alert' : 'status'}
          className={`basis-full text-xs ${failed ? 'text-danger' : 'text-muted'}`}
        >
          <UserText>{scheduled.failure ?? ''}</UserText>
        </span>
      ) : null}
      {sending ? null : (
        <span className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} disabled={cancel.isPending}>
            {failed ? 'Reschedule' : 'Edit'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={cancel.isPending}>
            {failed ? 'Delete' : 'Cancel'}
          </Button>
        </span>
      )}
      {editing ? <EditScheduledDialog scheduled={scheduled} onClose={() => setEditing(false)} /> : null}
    </li>
  );
}

/** A new time (and, for a text, new words); a failed one is tried again at the new time. */
function EditScheduledDialog({ scheduled, onClose }: { scheduled: ScheduledMessage; onClose: () => void }) {
  const update = useUpdateScheduled(scheduled.id);
  const [openedAt] = useState(() => new Date());
  const failed = scheduled.state === 'failed';
  const [time, setTime] = useState(() =>
    toLocalInputValue(failed ? new Date(openedAt.getTime() + 3_600_000) : new Date(scheduled.sendAt)),
  );
  const [text, setText] = useState(scheduled.text ?? '');
  const [errors, setErrors] = useState<{ sendAt?: string; text?: string; other?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const sendAt = parseLocalDateTime(time);
    const timeProblem = validateScheduleTime(sendAt, new Date());
    const textProblem = scheduled.kind === 'text' && text.trim() === '' ? 'Write the message.' : null;
    setErrors({
      ...(timeProblem ? { sendAt: timeProblem } : {}),
      ...(textProblem ? { text: textProblem } : {}),
    });
    if (timeProblem || textProblem) return;
    update.mutate(
      { sendAt: sendAt.toISOString(), ...(scheduled.kind === 'text' ? { text } : {}) },
      {
        onSuccess: (answer) => {
          notify.success(scheduledForText(answer.sendAt, new Date()));
          onClose();
        },
        onError: (error) => {
          const sendAtError = scheduleFieldError(error, 'sendAt');
          const textError = scheduleFieldError(error, 'text');
          setErrors({
            ...(sendAtError ? { sendAt: sendAtError } : {}),
            ...(textError ? { text: textError } : {}),
            ...(sendAtError || textError ? {} : { other: errorText(error) }),
          });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={failed ? 'Reschedule the message' : 'Edit the scheduled message'}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {scheduled.kind === 'text' ? (
          <Field label="Message" error={errors.text}>
            {(props) => (
              <Textarea
                {...props}
                rows={4}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setErrors((old) => ({ ...old, text: undefined }));
                }}
              />
            )}
          </Field>
        ) : null}
        <DateTimeField
          label="Send at"
          value={time}
          error={errors.sendAt}
          openedAt={openedAt}
          onChange={(next) => {
            setTime(next);
            setErrors((old) => ({ ...old, sendAt: undefined }));
          }}
        />
        {errors.other ? (
          <p role="alert" className="text-xs text-danger">
            {errors.other}
          </p>
        ) : null}
        <DialogActions
          cancelLabel="Close"
          submitLabel={failed ? 'Reschedule' : 'Save'}
          busy={update.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
