import { Button } from '@/components/ui/button';

interface FormActionsProps {
  /** What the submit button says, and says while the form is sent ("Saving…"). */
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  /** Leaves the form; omitted when there is nothing to leave (an inline form). */
  onCancel?: () => void;
  cancelLabel?: string;
  /** The submit button waits for something (nothing changed yet). */
  submitDisabled?: boolean;
  cancelDisabled?: boolean;
  size?: 'sm' | 'md';
}

/** The end of every form: cancel, then the primary action, on the right. */
export function FormActions({
  submitLabel,
  pendingLabel = 'Saving…',
  pending,
  onCancel,
  cancelLabel = 'Cancel',
  submitDisabled = false,
  cancelDisabled = false,
  size = 'md',
}: FormActionsProps) {
  return (
    <div className="flex justify-end gap-2">
      {onCancel ? (
        <Button variant="ghost" size={size} onClick={onCancel} disabled={cancelDisabled || pending}>
          {cancelLabel}
        </Button>
      ) : null}
      <Button type="submit" variant="primary" size={size} disabled={submitDisabled || pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
