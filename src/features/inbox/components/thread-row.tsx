import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bot, Clock, Users } from 'lucide-react';
import { memo, type Ref } from 'react';
import type { Channel, Contact, InboxRow, Label, Message } from '@/contract';
import { LabelChips } from '@/components/labels/label-chips';
import { TimeAgo } from '@/components/ui/time-labels';
import { useAiAgentId } from '../ai-state';
import { contactQuery } from '@/data/contacts';
import { authorLabel, conversationName } from '@/contract';
import { messagePreview } from '../thread-names';
import { snoozedUntilText } from '../snooze/snooze-presets';
import { useRowMessages } from '../use-thread-messages';
import { computeWindow } from '../window';
import { ChannelLabel } from './channel-label';
import { WindowChip } from './window-chip';
import { SlaChip } from '@/components/sla/sla-chip';
import { UserText } from '@/components/ui/user-text';
import { useSeen } from '@/lib/use-seen';
import { ReminderDueFlag } from '@/components/reminders/reminder-due-flag';
import { ThreadSelectBox } from './thread-select-box';

interface ThreadRowProps {
  /** The BFF's row: the thread, its contact and newest messages. */
  row: InboxRow;
  channel: Channel | undefined;
  active: boolean;
  /** Messages from the contact this agent has not read (0: none). */
  unread: number;
  now: number;
  /** The signed-in person's username: a reply of theirs reads "You". */
  me: string | null;
  /** Bulk actions (thread-select-box.tsx): absent, the row has no box. */
  selected?: boolean;
  selecting?: boolean;
  onSelect?: (id: string, shift: boolean) => void;
  /** The team's labels (one read for the list), for the row's chips. */
  labels?: readonly Label[] | undefined;
}

/** What a row shows about its thread, from the BFF's row or read by the row itself. */
interface RowContent {
  contact: Contact | null | undefined;
  messages: readonly Message[] | undefined;
  hasOlder: boolean;
  /** Set on a row that reads for itself, to start reading once on screen. */
  rowRef?: Ref<HTMLLIElement>;
  /** A row reading for itself that has not had its messages yet. */
  loading?: boolean;
}

export const ThreadRow = memo(function ThreadRow(props: ThreadRowProps) {
  const { row } = props;
  // Nearly every row comes read by the BFF and needs no query of its own: a list of thirty rows
  // each observing two disabled queries spent a sixth of its first render building them.
  return row.loaded ? (
    <ThreadRowView {...props} contact={row.contact} messages={row.messages} hasOlder={row.hasOlder} />
  ) : (
    <SelfReadingRow {...props} />
  );
});

/** A row the BFF has not read yet (its sync still loading the workspace): it reads for itself once seen. */
function SelfReadingRow(props: ThreadRowProps) {
  const { conversation } = props.row;
  const [ref, seen] = useSeen<HTMLLIElement>();
  const contactId = conversation.contact_id ?? null;
  const ownContact = useQuery({ ...contactQuery(contactId ?? ''), enabled: seen && contactId !== null });
  const { messages, hasOlder } = useRowMessages(conversation, seen);
  return (
    <ThreadRowView
      {...props}
      contact={props.row.contact ?? ownContact.data}
      messages={messages}
      hasOlder={hasOlder}
      rowRef={ref}
      loading={seen && !messages}
    />
  );
}

function ThreadRowView({
  row,
  channel,
  active,
  unread,
  now,
  me,
  contact,
  messages,
  hasOlder,
  rowRef,
  loading = false,
  selected = false,
  selecting = false,
  onSelect,
  labels,
}: ThreadRowProps & RowContent) {
  const { conversation } = row;
  const aiAgentId = useAiAgentId(conversation);
  const name = conversationName(conversation, {
    contact: contact ?? undefined,
    ...(messages ? { messages } : {}),
    platform: channel?.platform,
  });
  const newest = messages?.[0];
  const snoozed = snoozedUntilText(conversation, new Date(now));
  // Who on the team sent the newest message, as the BFF recorded it (a teammate, an AI agent).
  const newestAuthor = newest ? row.authors?.[newest.id] : undefined;
  const windowState = computeWindow({
    platform: channel?.platform,
    lastMessageAt: conversation.last_message_at,
    messages,
    hasOlder,
    now,
    isGroup: conversation.is_group,
  });
  return (
    <li ref={rowRef} data-thread-row={conversation.id} className={onSelect ? 'group flex' : undefined}>
      {onSelect ? (
        <ThreadSelectBox
          id={conversation.id}
          name={name}
          selected={selected}
          selecting={selecting}
          onSelect={onSelect}
        />
      ) : null}
      <Link
        to="/inbox/$conversationId"
        params={{ conversationId: conversation.id }}
        search={true}
        aria-current={active ? 'page' : undefined}
        className={`flex min-w-0 flex-1 flex-col gap-0.5 border-b border-border px-3 py-2.5 outline-offset-[-2px] hover:bg-surface ${
          active || selected ? 'bg-accent-soft' : ''
        }`}
      >
        <span className="flex items-center gap-2">
          {conversation.is_group ? (
            <Users size={13} aria-label="Group" role="img" className="shrink-0 text-muted" />
          ) : null}
          <span className={`min-w-0 flex-1 truncate ${unread > 0 ? 'font-bold text-fg' : 'font-medium'}`}>
            <UserText>{name}</UserText>
          </span>
          {aiAgentId ? (
            <span title="An AI agent answers this thread" className="shrink-0 text-accent">
              <Bot size={14} role="img" aria-label="AI agent answering" />
            </span>
          ) : null}
          <TimeAgo
            iso={conversation.last_message_at}
            now={now}
            className="tabular shrink-0 text-xs text-muted"
          />
        </span>
        <span
          className={`flex items-center gap-2 text-[13px] ${unread > 0 ? 'font-semibold text-fg' : 'text-muted'}`}
        >
          <span className="min-w-0 flex-1 truncate">
            {newest ? (
              <>
                {newestAuthor ? (
                  <span>
                    <UserText>{authorLabel(newestAuthor, me)}</UserText>:{' '}
                  </span>
                ) : newest.direction === 'outbound' ? (
                  <span>You: </span>
                ) : null}
                <UserText>{messagePreview(newest)}</UserText>
              </>
            ) : (
              <span className="text-subtle">{loading ? 'Loading…' : '\u00a0'}</span>
            )}
          </span>
          {unread > 0 ? (
            <span className="tabular grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-accent px-1.5 text-[11px] font-semibold text-accent-fg">
              <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
              <span className="sr-only">{unread} unread</span>
            </span>
          ) : null}
        </span>
        <span className="flex items-center gap-2 text-xs text-muted">
          <span className="min-w-0 flex-1 truncate">
            <ChannelLabel channel={channel} />
          </span>
          {snoozed ? (
            <span className="inline-flex shrink-0 items-center gap-1 text-accent">
              <Clock size={12} aria-hidden />
              {snoozed}
            </span>
          ) : null}
          <ReminderDueFlag kind="conversation" id={conversation.id} />
          <SlaChip sla={row.sla} now={now} />
          <WindowChip state={windowState} />
        </span>
        <LabelChips ids={row.labelIds} labels={labels} />
      </Link>
    </li>
  );
}
