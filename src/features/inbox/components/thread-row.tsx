import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bot, Users } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import type { Channel, InboxRow } from '@/contract';
import { exactTime, relativeTime } from '@/lib/format';
import { useAiAgentId } from '../ai-state';
import { contactQuery } from '@/data/contacts';
import { conversationName } from '@/contract';
import { messagePreview } from '../thread-names';
import { useRowMessages } from '../use-thread-messages';
import { computeWindow } from '../window';
import { ChannelLabel } from './channel-label';
import { WindowChip } from './window-chip';
import { UserText } from '@/components/ui/user-text';

/** True once the element has been on screen: rows below the fold fetch nothing. */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (seen || !node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

interface ThreadRowProps {
  /** The BFF's row: the thread, its contact and newest messages. */
  row: InboxRow;
  channel: Channel | undefined;
  active: boolean;
  /** Messages from the contact this agent has not read (0: none). */
  unread: number;
  now: number;
}

export const ThreadRow = memo(function ThreadRow({ row, channel, active, unread, now }: ThreadRowProps) {
  const { conversation } = row;
  const [ref, seen] = useSeen<HTMLLIElement>();
  // Only a row the BFF has not read yet (its sync still loading the workspace) reads for itself.
  const own = seen && !row.loaded;
  const contactId = conversation.contact_id ?? null;
  const ownContact = useQuery({ ...contactQuery(contactId ?? ''), enabled: own && contactId !== null });
  const ownMessages = useRowMessages(conversation, own);
  const contact = row.contact ?? ownContact.data;
  const { messages, hasOlder } = row.loaded ? row : ownMessages;
  const aiAgentId = useAiAgentId(conversation);
  const name = conversationName(conversation, {
    contact: contact ?? undefined,
    ...(messages ? { messages } : {}),
    platform: channel?.platform,
  });
  const newest = messages?.[0];
  const windowState = computeWindow({
    platform: channel?.platform,
    lastMessageAt: conversation.last_message_at,
    messages,
    hasOlder,
    now,
    isGroup: conversation.is_group,
  });
  return (
    <li ref={ref} data-thread-row={conversation.id}>
      <Link
        to="/inbox/$conversationId"
        params={{ conversationId: conversation.id }}
        search={true}
        aria-current={active ? 'page' : undefined}
        className={`flex flex-col gap-0.5 border-b border-border px-3 py-2.5 outline-offset-[-2px] hover:bg-surface ${
          active ? 'bg-accent-soft' : ''
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
          <time
            dateTime={conversation.last_message_at ?? undefined}
            title={exactTime(conversation.last_message_at)}
            className="tabular shrink-0 text-xs text-muted"
          >
            {relativeTime(conversation.last_message_at, now)}
          </time>
        </span>
        <span
          className={`flex items-center gap-2 text-[13px] ${unread > 0 ? 'font-semibold text-fg' : 'text-muted'}`}
        >
          <span className="min-w-0 flex-1 truncate">
            {newest ? (
              <>
                {newest.direction === 'outbound' ? <span>You: </span> : null}
                <UserText>{messagePreview(newest)}</UserText>
              </>
            ) : (
              <span className="text-subtle">{seen && !messages ? 'Loading…' : '\u00a0'}</span>
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
          <WindowChip state={windowState} />
        </span>
      </Link>
    </li>
  );
});
