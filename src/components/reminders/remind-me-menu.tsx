import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BellPlus, ChevronDown } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { ReminderKind } from '@/contract';
import { ReminderTimeDialog } from './reminder-time-dialog';
import { REMIND_ME_LABEL, REMIND_TRIGGER } from './remind-me-trigger';
import { useCreateReminder } from './reminder-mutations';
import { remindPresets } from './remind-me-times';

// "Remind me" on a thread (its header) or a lead (its drawer): a menu of presets and a time of the
// person's choosing with a note. Shared code, since features do not import each other; each
// feature places it (src/features/inbox/components/remind-me-menu.tsx, the lead drawer).

const MENU_ITEM =
  'flex min-h-8 cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-surface data-[disabled]:opacity-50';

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
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  // Set as the custom time is chosen, so the closing menu leaves focus to the dialog it opens.
  const toDialog = useRef(false);
  // The presets are for the moment the menu opens, not the moment the page did.
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const presets = useMemo(() => remindPresets(openedAt), [openedAt]);
  const target = { kind, id: targetId };

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
          aria-label={REMIND_ME_LABEL}
          title={compact ? REMIND_ME_LABEL : undefined}
          disabled={create.isPending}
          className={triggerClassName}
        >
          <BellPlus size={14} aria-hidden />
          {compact ? null : <span className="hidden sm:inline">{REMIND_ME_LABEL}</span>}
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
            <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">Remind me</DropdownMenu.Label>
            {presets.map((preset) => (
              <DropdownMenu.Item
                key={preset.id}
                className={MENU_ITEM}
                onSelect={() =>
                  create.mutate({ input: { target, dueAt: preset.at.toISOString() }, from: 'preset' })
                }
              >
                <span className="flex-1">{preset.label}</span>{' '}
                <span className="tabular text-xs text-muted">{preset.time}</span>
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item
              className={MENU_ITEM}
              onSelect={() => {
                toDialog.current = true;
                setPicking(true);
              }}
            >
              Pick a time and add a note…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {picking ? (
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
          onClose={() => setPicking(false)}
        />
      ) : null}
    </>
  );
}
