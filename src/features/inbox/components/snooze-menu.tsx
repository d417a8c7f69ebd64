import { AlarmClockOff, Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Conversation } from '@/contract';
import { Button } from '@/components/ui/button';
import { TimePickDialog, TimePresetMenu } from '@/components/time/time-preset-menu';
import { useSnooze, useWake, untilFieldError } from '../api/snooze';
import { snoozePresets, validateSnoozeTime } from '../snooze/snooze-presets';
import { OPEN_SNOOZE_MENU } from '../use-inbox-shortcuts';
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
  return (
    <TimePresetMenu
      triggerRef={trigger}
      // The same name as its stand-in in thread-header.tsx, which shows while this loads.
      label="Snooze"
      title="Snooze (Z)"
      icon={<Clock size={14} aria-hidden />}
      text="Snooze"
      triggerClassName={MENU_TRIGGER}
      disabled={snooze.isPending}
      heading="Snooze until"
      presetsAt={snoozePresets}
      onPreset={(preset) => snooze.mutate({ until: preset.until, from: 'preset' })}
      pickLabel="Pick date and time…"
      openEvent={OPEN_SNOOZE_MENU}
      renderPicker={(close) => (
        <TimePickDialog
          title="Snooze until a time"
          fieldLabel="Snooze until"
          submitLabel="Snooze"
          // Starts on tomorrow morning, the likeliest choice, rather than an empty field.
          initial={(openedAt) => snoozePresets(openedAt).find((p) => p.id === 'tomorrow')?.until ?? openedAt}
          validate={validateSnoozeTime}
          busy={snooze.isPending}
          send={(until) =>
            snooze.mutateAsync({ until, from: 'field' }).then(
              () => 'sent' as const,
              (failure: unknown) => ({ refused: untilFieldError(failure) }),
            )
          }
          onClose={close}
        />
      )}
    />
  );
}
