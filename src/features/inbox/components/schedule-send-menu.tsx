import { CalendarClock } from 'lucide-react';
import { useCallback } from 'react';
import { TimePickDialog, TimePresetMenu } from '@/components/time/time-preset-menu';
import { schedulePresets, validateScheduleTime } from '../scheduled/schedule-presets';
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
  // A preset past the window's end would only be refused: it is left out.
  const presetsAt = useCallback(
    (openedAt: Date) =>
      schedulePresets(openedAt).filter(
        (p) => windowClosesAt === undefined || p.at.getTime() < windowClosesAt,
      ),
    [windowClosesAt],
  );
  return (
    <TimePresetMenu
      label="Schedule send"
      title="Send later"
      icon={<CalendarClock size={14} aria-hidden />}
      text="Schedule"
      triggerClassName={`${MENU_TRIGGER} h-9 disabled:opacity-50`}
      disabled={disabled || busy}
      heading="Send at"
      presetsAt={presetsAt}
      onPreset={(preset) => void onSchedule(preset.at, 'preset')}
      pickLabel="Pick date and time…"
      renderPicker={(close) => (
        <ScheduleTimeDialog
          title="Schedule the message"
          windowClosesAt={windowClosesAt}
          busy={busy}
          onSchedule={onSchedule}
          onClose={close}
        />
      )}
    />
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
  return (
    <TimePickDialog
      title={title}
      fieldLabel="Send at"
      submitLabel={submitLabel}
      initial={(openedAt) =>
        initial ?? schedulePresets(openedAt).find((p) => p.id === 'tomorrow-morning')?.at ?? openedAt
      }
      validate={(sendAt, now) => validateScheduleTime(sendAt, now, windowClosesAt)}
      busy={busy}
      send={(sendAt) =>
        onSchedule(sendAt, 'field').then((refused) => (refused === null ? 'sent' : { refused }))
      }
      onClose={onClose}
    />
  );
}
