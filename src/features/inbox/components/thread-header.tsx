import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { AlarmClockOff, ArrowLeft, ChevronDown, Clock, MailWarning, PanelRight } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { Channel, Conversation } from '@/contract';
import { Button } from '@/components/ui/button';
import { UserText } from '@/components/ui/user-text';
import { errorText } from '@/components/ui/states';
import { markUnread } from '@/data/unread';
import { notify } from '@/lib/notify';
import { loadable } from '@/lib/loadable';
import { useCan } from '@/lib/permissions';
import type { WindowState } from '../window';
import { snoozedUntilText } from '../snooze/snooze-presets';
import { ChannelLabel } from './channel-label';
import {
  AI_MENU_LABEL,
  AiFace,
  MENU_TRIGGER,
  OwnerFace,
  ownerMenuLabel,
  useOwnerName,
} from './header-menu-faces';
import { ThreadStatusActions } from './thread-status-actions';
import { RemindMeSlot } from './remind-me-menu';
import { WaitingChip } from './waiting-chip';
import { LabelMenuSlot, ThreadLabelChips } from './thread-labels';
import { WindowChip } from './window-chip';
import { SlaChip } from '@/components/sla/sla-chip';
import { threadSlaQuery } from '@/data/sla';
import { useSharedNow } from '@/lib/use-now';
import { ThreadViewers } from './thread-presence';
import type { Presence } from '@/data/presence';

// The owner and AI menus' code loads once the thread has painted: a phone opening a thread
// downloads the messages first. Until it is there, the same buttons show, not yet clickable.
const menusCode = loadable(
  async () => {
    const [owner, ai] = await Promise.all([import('./owner-picker'), import('./ai-menu')]);
    return { OwnerPicker: owner.OwnerPicker, AiMenu: ai.AiMenu };
  },
  { afterPaint: true },
);

// The snooze menu's code likewise; a closed thread, which cannot snooze, never loads it.
const snoozeCode = loadable(() => import('./snooze-menu'), { afterPaint: true });

/** A header menu's button while its menu's code loads. */
function PendingMenuButton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <button type="button" disabled aria-label={label} aria-haspopup="menu" className={MENU_TRIGGER}>
      {children}
    </button>
  );
}

interface ThreadHeaderProps {
  thread: Conversation;
  name: string;
  channel: Channel | undefined;
  windowState: WindowState;
  onShowDetails: () => void;
  /** Teammates who have the thread open. */
  viewers: readonly Presence[];
}

/** Who the thread is with, where, and the actions on it (owner, AI, close or reopen). */
export const ThreadHeader = memo(function ThreadHeader({
  thread,
  name,
  channel,
  windowState,
  onShowDetails,
  viewers,
}: ThreadHeaderProps) {
  const can = useCan();
  // A role that may use neither menu never loads their code.
  const menus = menusCode.use(can('conversations.assignOwner') || can('conversations.assignAgent'));
  const ownerName = useOwnerName(thread);
  return (
    // The names keep their natural width (flex-auto); when they and the controls do not fit on one
    // line, the controls wrap to a second row instead of squeezing the names.
    <header className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-border px-3 py-1.5">
      <Link
        to="/inbox"
        search={true}
        aria-label="Back to conversations"
        className="grid size-8 place-items-center rounded hover:bg-surface md:hidden"
      >
        <ArrowLeft size={16} aria-hidden />
      </Link>
      <div className="min-w-0 flex-auto" data-thread-title>
        <h2 className="truncate text-base font-semibold">
          <UserText>{name}</UserText>
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted">
          <ChannelLabel channel={channel} />
          {thread.is_group && thread.group_participant_count ? (
            <span>{thread.group_participant_count} participants</span>
          ) : null}
          <ThreadSlaChip id={thread.id} />
          <WindowChip state={windowState} />
          <SnoozedUntil thread={thread} />
          <WaitingChip thread={thread} />
          {/* Labels beside the names, not among the controls: that row is full on a phone. */}
          <ThreadLabelChips conversationId={thread.id} />
          <LabelMenuSlot conversationId={thread.id} />
        </p>
      </div>
      {/* The controls stay on one row of their own (a phone: under the names; wider: beside them),
          never wrapping into a third. */}
      <div className="ml-auto flex shrink-0 flex-nowrap items-center justify-end gap-1 sm:gap-1.5">
        <ThreadViewers viewers={viewers} />
        {!can('conversations.assignOwner') ? null : menus ? (
          <menus.OwnerPicker conversation={thread} />
        ) : (
          <PendingMenuButton label={ownerMenuLabel(ownerName)}>
            <OwnerFace name={ownerName} />
          </PendingMenuButton>
        )}
        {!can('conversations.assignAgent') ? null : menus ? (
          <menus.AiMenu conversation={thread} />
        ) : (
          <PendingMenuButton label={AI_MENU_LABEL}>
            <AiFace />
          </PendingMenuButton>
        )}
        <RemindMeSlot conversationId={thread.id} />
        <SnoozeSlot thread={thread} />
        <ThreadStatusActions conversation={thread} />
        <MarkUnreadButton conversationId={thread.id} />
        <Button
          variant="ghost"
          size="sm"
          className="xl:hidden"
          aria-label="Show details"
          onClick={onShowDetails}
        >
          <PanelRight size={16} aria-hidden />
        </Button>
      </div>
    </header>
  );
});

/** "Snoozed until Mon 09:00" while the team has the thread snoozed. */
function SnoozedUntil({ thread }: { thread: Conversation }) {
  const text = snoozedUntilText(thread, new Date());
  if (!text) return null;
  return (
    <span className="inline-flex items-center gap-1 text-accent">
      <Clock size={12} aria-hidden />
      {text}
    </span>
  );
}

/** Snooze (a menu) or Wake now, from snooze-menu.tsx; the same button, not yet clickable, until it loads. */
function SnoozeSlot({ thread }: { thread: Conversation }) {
  const code = snoozeCode.use(thread.status !== 'closed');
  if (thread.status === 'closed') return null;
  if (code) return <code.SnoozeControl conversation={thread} />;
  if (thread.status === 'snoozed' && thread.snoozed_until)
    return (
      <Button size="sm" disabled aria-label="Wake now">
        <AlarmClockOff size={14} aria-hidden />
        <span className="hidden sm:inline">Wake now</span>
      </Button>
    );
  return (
    <PendingMenuButton label="Snooze">
      <Clock size={14} aria-hidden />
      <span className="hidden sm:inline">Snooze</span>
      <ChevronDown size={14} aria-hidden className="hidden sm:block" />
    </PendingMenuButton>
  );
}

/**
 * "Mark as unread": back to the list, with the thread counted unread for this agent until they open
 * it again (leaving first, so the open thread does not read itself again).
 */
function MarkUnreadButton({ conversationId }: { conversationId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label="Mark as unread"
      title="Mark as unread (U)"
      data-mark-unread
      onClick={async () => {
        await navigate({ to: '/inbox', search: true });
        try {
          await markUnread(queryClient, conversationId);
        } catch (error) {
          notify.error('Could not mark the conversation unread', { description: errorText(error) });
        }
      }}
    >
      <MailWarning size={16} aria-hidden />
    </Button>
  );
}

/** The thread's running SLA target, as its screen read it and the live stream moves it. */
function ThreadSlaChip({ id }: { id: string }) {
  const sla = useQuery(threadSlaQuery(id));
  const now = useSharedNow();
  return <SlaChip sla={sla.data} now={now} />;
}
