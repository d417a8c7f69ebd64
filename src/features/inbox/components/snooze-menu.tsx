import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { AlarmClockOff, ChevronDown, Clock } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Conversation } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { useSnooze, useWake, untilFieldError } from '../api/snooze';
import {
  parseLocalDateTime,
  snoozePresets,
  toLocalInputValue,
  validateSnoozeTime,
} from '../snooze/snooze-presets';
import { OPEN_SNOOZE_MENU } from '../use-inbox-shortcuts';
import { MENU_ITEM } from './header-menu';
import { MENU_TRIGGER } from './header-menu-faces';

// The thread header's snooze control, loaded after the thread has painted (thread-header.tsx):
// a menu of presets and a custom time for a thread that may snooze, "Wake now" for one the team
// has snoozed, nothing for a closed one.

/** Whether the team has the thread snoozed (the BFF's snooze, which says until when). */
const isTeamSnoozed = (conversation: Conversation): boolean =>
  conversation.status === 'snoozed' && Boolean(conversation.snoozed_until);

export function SnoozeControl({ conversation }: { conversation: Conversation }) {
  const snoozed = isTeamSnoozed(conversation);
  // When one control replaces the other (snoozed, or woken), the focus the agent had on it moves to
  // the new one instead of falling to the page (React's "information from previous renders").
  const [shown, setShown] = useState(snoozed);
  const [swapped, setSwapped] = useState(false);
  if (shown !== snoozed) {
    setShown(snoozed);
    setSwapped(true);
  }
  if (conversation.status === 'closed') return null;
  if (snoozed) return <WakeButton conversationId={conversation.id} focus={swapped} />;
  return <SnoozeMenu conversationId={conversation.id} focus={swapped} />;
}

/** Focuses the element once it mounts when `focus` says so. */
function useFocusOnMount<E extends HTMLElement>(focus: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return ref;
}

function WakeButton({ conversationId, focus }: { conversationId: string; focus: boolean }) {
  const wake = useWake(conversationId);
  const ref = useFocusOnMount<HTMLButtonElement>(focus);
  return (
    <Button ref={ref} size="sm" onClick={() => wake.mutate()} disabled={wake.isPending} aria-label="Wake now">
      <AlarmClockOff size={14} aria-hidden />
      {/* A phone's header holds the icons alone; the button's name says what it does. */}
      <span className="hidden sm:inline">Wake now</span>
    </Button>
  );
}

function SnoozeMenu({ conversationId, focus }: { conversationId: string; focus: boolean }) {
  const snooze = useSnooze(conversationId);
  const trigger = useFocusOnMount<HTMLButtonElement>(focus);
  const [open, setOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  // Set as the custom time is chosen, so the closing menu leaves focus to the dialog it opens.
  const toDialog = useRef(false);
  // The presets are for the moment the menu opens, not the moment the thread did.
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const presets = useMemo(() => snoozePresets(openedAt), [openedAt]);

  const openMenu = (next: boolean) => {
    if (next) setOpenedAt(new Date());
    setOpen(next);
  };

  useEffect(() => {
    const onShortcut = (event: Event) => {
      event.preventDefault();
      setOpenedAt(new Date());
      setOpen(true);
    };
    document.addEventListener(OPEN_SNOOZE_MENU, onShortcut);
    return () => document.removeEventListener(OPEN_SNOOZE_MENU, onShortcut);
  }, []);

  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={openMenu}>
        <DropdownMenu.Trigger
          ref={trigger}
          // The same name as its stand-in in thread-header.tsx, which shows while this loads.
          aria-label="Snooze"
          title="Snooze (Z)"
          disabled={snooze.isPending}
          className={MENU_TRIGGER}
        >
          <Clock size={14} aria-hidden />
          <span className="hidden sm:inline">Snooze</span>
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
            <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">Snooze until</DropdownMenu.Label>
            {presets.map((preset) => (
              <DropdownMenu.Item
                key={preset.id}
                className={MENU_ITEM}
                onSelect={() => snooze.mutate({ until: preset.until, from: 'preset' })}
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
              Pick date and time…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {picking ? <PickTimeDialog snooze={snooze} onClose={() => setPicking(false)} /> : null}
    </>
  );
}

/** A time of the agent's choosing, checked here before it is sent; the server's word shows on the field too. */
function PickTimeDialog({ snooze, onClose }: { snooze: ReturnType<typeof useSnooze>; onClose: () => void }) {
  const [openedAt] = useState(() => new Date());
  // Starts on tomorrow morning, the likeliest choice, rather than an empty field.
  const [value, setValue] = useState(() =>
    toLocalInputValue(snoozePresets(openedAt).find((p) => p.id === 'tomorrow')?.until ?? openedAt),
  );
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (snooze.isPending) return;
    const until = parseLocalDateTime(value);
    const problem = validateSnoozeTime(until, new Date());
    setError(problem);
    if (problem) return;
    snooze.mutate(
      { until, from: 'field' },
      { onSuccess: onClose, onError: (failure) => setError(untilFieldError(failure)) },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())} title="Snooze until a time">
      {/* noValidate: the check is ours, worded on the field, not the browser's bubble. */}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Snooze until" error={error ?? undefined}>
          {(props) => (
            <Input
              {...props}
              type="datetime-local"
              value={value}
              // Guides the browser's picker; the check on Snooze is validateSnoozeTime.
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
          <Button type="submit" variant="primary" disabled={snooze.isPending}>
            Snooze
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
