import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CalendarClock, ChevronDown } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { schedulePresets, validateScheduleTime } from '../scheduled/schedule-presets';
import { parseLocalDateTime, toLocalInputValue } from '../snooze/snooze-presets';
import { MENU_ITEM } from './header-menu';
import { MENU_TRIGGER } from './header-menu-faces';

// "Schedule" beside Send: presets (in an hour, tomorrow morning) and a time of the person's
// choosing, checked here before anything is sent. What is scheduled (the draft or a template) is
// the composer's; this only picks when.

/**
 * Schedules at `sendAt`. Answers null when it was scheduled, or the words for the time field when
 * the time was refused (`from: 'field'`: the dialog shows them); other failures are the caller's
 * to show.
 */
export type ScheduleAt = (sendAt: Date, from: 'preset' | 'field') => Promise<string | null>;

interface ScheduleSendMenuProps {
  /** Nothing to schedule yet (an empty draft) or a send under way. */
  disabled: boolean;
  /** For a text: when the reply window closes (a later time is refused before it is sent). */
  windowClosesAt?: number | undefined;
  onSchedule: ScheduleAt;
  busy: boolean;
}

export function ScheduleSendMenu({ disabled, windowClosesAt, onSchedule, busy }: ScheduleSendMenuProps) {
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const toDialog = useRef(false);
  const [openedAt, setOpenedAt] = useState(() => new Date());
  // A preset past the window's end would only be refused: it is left out.
  const presets = useMemo(
    () =>
      schedulePresets(openedAt).filter(
        (p) => windowClosesAt === undefined || p.sendAt.getTime() < windowClosesAt,
      ),
    [openedAt, windowClosesAt],
  );
  return (
    <>
      <DropdownMenu.Root
        open={open}
        onOpenChange={(next) => {
          if (next) setOpenedAt(new Date());
          setOpen(next);
        }}
      >
        <DropdownMenu.Trigger
          aria-label="Schedule send"
          title="Send later"
          disabled={disabled || busy}
          className={`${MENU_TRIGGER} h-9 disabled:opacity-50`}
        >
          <CalendarClock size={14} aria-hidden />
          <span className="hidden sm:inline">Schedule</span>
          <ChevronDown size={14} aria-hidden className="hidden sm:block" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-56 rounded-md border border-border bg-raised p-1 shadow-lg"
            onCloseAutoFocus={(event) => {
              if (!toDialog.current) return;
              toDialog.current = false;
              event.preventDefault();
            }}
          >
            <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">Send at</DropdownMenu.Label>
            {presets.map((preset) => (
              <DropdownMenu.Item
                key={preset.id}
                className={MENU_ITEM}
                onSelect={() => void onSchedule(preset.sendAt, 'preset')}
              >
                <span className="flex-1">{preset.label}</span>{' '}
                <span className="tabular text-xs text-muted">{preset.time}</span>
              </DropdownMenu.Item>
            ))}
            {presets.length > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-border" /> : null}
            <DropdownMenu.Item
              className={MENU_ITEM}
              onSelect={() => {
                toDialog.current = true;
                setPicking(true);
              }}
            >
              Pick date and time…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {picking ? (
        <ScheduleTimeDialog
          title="Schedule the message"
          windowClosesAt={windowClosesAt}
          busy={busy}
          onSchedule={onSchedule}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </>
  );
}

interface ScheduleTimeDialogProps {
  title: string;
  /** The time it starts on (an edit's current time); tomorrow morning otherwise. */
  initial?: Date;
  windowClosesAt?: number | undefined;
  busy: boolean;
  onSchedule: ScheduleAt;
  onClose: () => void;
  /** What the submit button says. */
  submitLabel?: string;
}

/** A time of the person's choosing, checked before it is sent; the server's word shows on the field. */
export function ScheduleTimeDialog({
  title,
  initial,
  windowClosesAt,
  busy,
  onSchedule,
  onClose,
  submitLabel = 'Schedule',
}: ScheduleTimeDialogProps) {
  const [openedAt] = useState(() => new Date());
  const [value, setValue] = useState(() =>
    toLocalInputValue(
      initial ?? schedulePresets(openedAt).find((p) => p.id === 'tomorrow-morning')?.sendAt ?? openedAt,
    ),
  );
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const sendAt = parseLocalDateTime(value);
    const problem = validateScheduleTime(sendAt, new Date(), windowClosesAt);
    setError(problem);
    if (problem) return;
    const refused = await onSchedule(sendAt, 'field');
    if (refused === null) onClose();
    else setError(refused);
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())} title={title}>
      {/* noValidate: the check is ours, worded on the field, not the browser's bubble. */}
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Field label="Send at" error={error ?? undefined}>
          {(props) => (
            <Input
              {...props}
              type="datetime-local"
              value={value}
              min={toLocalInputValue(openedAt)}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
