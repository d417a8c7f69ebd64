import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { parseLocalDateTime, toLocalInputValue, type TimePreset } from '@/lib/time-presets';
import { DateTimeField, DialogActions } from './date-time-field';
import { Dialog } from '../ui/dialog';
import { MENU_ITEM } from '../ui/menu-classes';

// A menu of preset times (later today, tomorrow morning, next week…) and a time of the person's
// choosing, for whatever is put off to a time: a thread's snooze, a scheduled message, a reminder.
// The menu is the same everywhere; what it does with the time, and which times it accepts, is the
// place's (src/lib/time-presets.ts computes the presets and checks the times).


/** What the menu shows of a preset: its words and its time ("Tomorrow  Thu 09:00"). */
export type MenuPreset = Pick<TimePreset, 'id' | 'label' | 'time'>;

interface TimePresetMenuProps<P extends MenuPreset> {
  /** The button's accessible name ("Snooze"). */
  label: string;
  /** The button's tooltip. */
  title?: string | undefined;
  icon: ReactNode;
  /** The words beside the icon, from the small breakpoint up; none for the icon alone. */
  text?: string | undefined;
  triggerClassName: string;
  triggerRef?: Ref<HTMLButtonElement>;
  disabled: boolean;
  /** The menu's heading ("Snooze until"). */
  heading: string;
  /** The presets for the moment the menu opens (not the moment the page did), soonest first. */
  presetsAt: (openedAt: Date) => readonly P[];
  onPreset: (preset: P) => void;
  /** The last item, which opens the picker ("Pick date and time…"). */
  pickLabel: string;
  /** The picker for a time of the person's choosing (a TimePickDialog, usually); `close` ends it. */
  renderPicker: (close: () => void) => ReactNode;
  /**
   * A document event that opens the menu, as a keyboard shortcut's (a Radix menu opens on a pointer
   * or a key on its button, not on a scripted click); it is cancelled, to say the menu opened.
   */
  openEvent?: string;
}

export function TimePresetMenu<P extends MenuPreset>({
  label,
  title,
  icon,
  text,
  triggerClassName,
  triggerRef,
  disabled,
  heading,
  presetsAt,
  onPreset,
  pickLabel,
  renderPicker,
  openEvent,
}: TimePresetMenuProps<P>) {
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  // Set as the custom time is chosen, so the closing menu leaves focus to the dialog it opens.
  const toDialog = useRef(false);
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const presets = useMemo(() => presetsAt(openedAt), [presetsAt, openedAt]);

  const openMenu = (next: boolean) => {
    if (next) setOpenedAt(new Date());
    setOpen(next);
  };

  useEffect(() => {
    if (!openEvent) return;
    const onShortcut = (event: Event) => {
      event.preventDefault();
      setOpenedAt(new Date());
      setOpen(true);
    };
    document.addEventListener(openEvent, onShortcut);
    return () => document.removeEventListener(openEvent, onShortcut);
  }, [openEvent]);

  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={openMenu}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          aria-label={label}
          title={title}
          disabled={disabled}
          className={triggerClassName}
        >
          {icon}
          {text ? <span className="hidden sm:inline">{text}</span> : null}
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
            <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">{heading}</DropdownMenu.Label>
            {presets.map((preset) => (
              <DropdownMenu.Item key={preset.id} className={MENU_ITEM} onSelect={() => onPreset(preset)}>
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
              {pickLabel}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {picking ? renderPicker(() => setPicking(false)) : null}
    </>
  );
}

/**
 * What became of a chosen time: `sent` (the dialog closes), or refused, with the words for the
 * field when the server had any (null: none; the place has said why, and the dialog stays).
 */
export type TimeSendOutcome = 'sent' | { refused: string | null };

interface TimePickDialogProps {
  title: string;
  /** The time field's label ("Snooze until"). */
  fieldLabel: string;
  /** What the submit button says. */
  submitLabel: string;
  /** The time the field starts on, for the moment the dialog opened. */
  initial: (openedAt: Date) => Date;
  /** Why a time cannot be sent, in words for the field; null when it can. Checked before sending. */
  validate: (at: Date, now: Date) => string | null;
  /** A send under way: the submit button waits. */
  busy: boolean;
  send: (at: Date) => Promise<TimeSendOutcome>;
  onClose: () => void;
}

/** A time of the person's choosing, checked here before it is sent; the server's word shows on the field too. */
export function TimePickDialog({
  title,
  fieldLabel,
  submitLabel,
  initial,
  validate,
  busy,
  send,
  onClose,
}: TimePickDialogProps) {
  const [openedAt] = useState(() => new Date());
  const [value, setValue] = useState(() => toLocalInputValue(initial(openedAt)));
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const at = parseLocalDateTime(value);
    const problem = validate(at, new Date());
    setError(problem);
    if (problem) return;
    const outcome = await send(at);
    if (outcome === 'sent') onClose();
    else setError(outcome.refused);
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())} title={title}>
      {/* noValidate: the check is ours, worded on the field, not the browser's bubble. */}
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <DateTimeField
          label={fieldLabel}
          value={value}
          error={error ?? undefined}
          openedAt={openedAt}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
        />
        <DialogActions submitLabel={submitLabel} busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
