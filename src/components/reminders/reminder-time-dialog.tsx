import { useState, type FormEvent } from 'react';
import { REMINDER_NOTE_MAX } from '@/contract';
import { DateTimeField, DialogActions } from '../time/date-time-field';
import { Dialog } from '../ui/dialog';
import { Field, Textarea } from '../ui/field';
import { reminderFieldErrors } from './reminder-mutations';
import { parseLocalDateTime, toLocalInputValue, validateRemindTime } from './remind-me-times';

// A time of the person's choosing (and a note), checked here before anything is sent; the server's
// word on either field shows on that field too. Used to set a reminder and to move one.

interface ReminderTimeDialogProps {
  title: string;
  submitLabel: string;
  initialAt: Date;
  initialNote: string;
  pending: boolean;
  /** Sends the time and note; rejects with the server's refusal. */
  send: (at: Date, note: string) => Promise<unknown>;
  onClose: () => void;
}

export function ReminderTimeDialog({
  title,
  submitLabel,
  initialAt,
  initialNote,
  pending,
  send,
  onClose,
}: ReminderTimeDialogProps) {
  const [openedAt] = useState(() => new Date());
  const [value, setValue] = useState(() => toLocalInputValue(initialAt));
  const [note, setNote] = useState(initialNote);
  const [errors, setErrors] = useState<{ dueAt?: string; note?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const at = parseLocalDateTime(value);
    const problem = validateRemindTime(at, new Date());
    const tooLong =
      note.trim().length > REMINDER_NOTE_MAX ? `At most ${String(REMINDER_NOTE_MAX)} characters.` : null;
    setErrors({ ...(problem ? { dueAt: problem } : {}), ...(tooLong ? { note: tooLong } : {}) });
    if (problem || tooLong) return;
    send(at, note.trim()).then(onClose, (failure: unknown) => setErrors(reminderFieldErrors(failure)));
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())} title={title}>
      {/* noValidate: the check is ours, worded on the field, not the browser's bubble. */}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <DateTimeField
          label="Remind me at"
          value={value}
          error={errors.dueAt}
          openedAt={openedAt}
          onChange={(next) => {
            setValue(next);
            setErrors(({ note: kept }) => (kept ? { note: kept } : {}));
          }}
        />
        <Field
          label="Note (optional)"
          error={errors.note}
          hint="Why you want to be reminded, for yourself only."
        >
          {(props) => (
            <Textarea
              {...props}
              rows={2}
              maxLength={REMINDER_NOTE_MAX}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setErrors(({ dueAt: kept }) => (kept ? { dueAt: kept } : {}));
              }}
            />
          )}
        </Field>
        <DialogActions submitLabel={submitLabel} busy={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
