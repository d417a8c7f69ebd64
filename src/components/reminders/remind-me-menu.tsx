import { BellPlus } from 'lucide-react';
import type { ReminderKind } from '@/contract';
import { TimePresetMenu } from '../time/time-preset-menu';
import { ReminderTimeDialog } from './reminder-time-dialog';
import { REMIND_ME_LABEL, REMIND_TRIGGER } from './remind-me-trigger';
import { useCreateReminder } from './reminder-mutations';
import { remindPresets } from './remind-me-times';

// "Remind me" on a thread (its header) or a lead (its drawer): a menu of presets and a time of the
// person's choosing with a note. Shared code, since features do not import each other; each
// feature places it (src/features/inbox/components/remind-me-menu.tsx, the lead drawer).

export function RemindMeMenu({
  kind,
  targetId,
  triggerClassName = REMIND_TRIGGER,
  compact = false,
}: {
  kind: ReminderKind;
  targetId: string;
  triggerClassName?: string;
  /** The bell alone (its name in a tooltip): the thread header has no room for one more word. */
  compact?: boolean;
}) {
  const create = useCreateReminder(targetId);
  const target = { kind, id: targetId };

  return (
    <TimePresetMenu
      label={REMIND_ME_LABEL}
      title={compact ? REMIND_ME_LABEL : undefined}
      icon={<BellPlus size={14} aria-hidden />}
      text={compact ? undefined : REMIND_ME_LABEL}
      triggerClassName={triggerClassName}
      disabled={create.isPending}
      heading="Remind me"
      presetsAt={remindPresets}
      onPreset={(preset) =>
        create.mutate({ input: { target, dueAt: preset.at.toISOString() }, from: 'preset' })
      }
      pickLabel="Pick a time and add a note…"
      renderPicker={(close) => (
        <ReminderTimeDialog
          title="Remind me at a time"
          submitLabel="Set reminder"
          initialAt={remindPresets(new Date()).find((p) => p.id === 'tomorrow')?.at ?? new Date()}
          initialNote=""
          pending={create.isPending}
          send={(at, note) =>
            create.mutateAsync({
              input: { target, dueAt: at.toISOString(), ...(note ? { note } : {}) },
              from: 'field',
            })
          }
          onClose={close}
        />
      )}
    />
  );
}
