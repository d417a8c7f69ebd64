import { toLocalInputValue } from '@/lib/time-presets';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';

// The pieces every pick-a-time dialog has (snooze, schedule, remind, a scheduled message's edit):
// a local date-and-time field whose picker starts at the dialog's opening, and Cancel beside the
// submit. The check of the time is each dialog's own, worded on this field.

export function DateTimeField({
  label,
  value,
  error,
  openedAt,
  onChange,
}: {
  label: string;
  /** The input's own value (`YYYY-MM-DDTHH:mm`, local time). */
  value: string;
  error: string | undefined;
  /** When the dialog opened: guides the browser's picker (the check on submit is the dialog's). */
  openedAt: Date;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <Input
          {...props}
          type="datetime-local"
          value={value}
          min={toLocalInputValue(openedAt)}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export function DialogActions({
  cancelLabel = 'Cancel',
  submitLabel,
  busy,
  onCancel,
}: {
  cancelLabel?: string;
  submitLabel: string;
  /** A send under way: the submit button waits. */
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
