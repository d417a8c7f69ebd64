import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { Conversation, Message } from '@/contract';
import { channelsQuery } from '@/data/channels';
import { contactQuery } from '@/data/contacts';
import { conversationQuery } from '@/data/conversations';
import { conversationName } from '@/contract';
import { useNow } from '@/lib/use-now';
import { useThreadMessages } from './use-thread-messages';
import { computeWindow } from './window';

/**
 * What the open thread's header, messages and composer share: the record, its channel, the name to
 * show, the 24-hour window and the messages. The route's loader has read all of it; the contact is
 * only a better name, so the thread does not wait for it.
 */
export function useThreadFacts(conversationId: string) {
  const { data: thread, refetch } = useSuspenseQuery(conversationQuery(conversationId));
  const { data: channels } = useSuspenseQuery(channelsQuery());
  const messages = useThreadMessages(conversationId);
  const contact = useQuery({ ...contactQuery(thread.contact_id ?? ''), enabled: Boolean(thread.contact_id) });
  const now = useNow(15_000);
  useRecordFollowsMessages(thread, messages.messages, refetch);

  const channel = channels.channels.find((c) => c.id === thread.channel_id);
  const name = conversationName(thread, {
    contact: contact.data,
    messages: messages.messages,
    platform: channel?.platform,
  });
  // One object while its inputs hold: the header and the composer re-render when it changes.
  const windowState = useMemo(
    () =>
      computeWindow({
        platform: channel?.platform,
        lastMessageAt: thread.last_message_at,
        messages: messages.messages,
        hasOlder: messages.hasOlder,
        now,
        isGroup: thread.is_group,
      }),
    [channel?.platform, thread.last_message_at, messages.messages, messages.hasOlder, now, thread.is_group],
  );
  return { thread, channel, name, windowState, ...messages };
}

/**
 * An inbound message newer than the record's last_message_at changes the record (a closed thread
 * reopens, the window restarts): read it now rather than at the record's slower poll, once per new
 * message, so a server whose record lags can never cause a loop.
 */
function useRecordFollowsMessages(
  thread: Conversation,
  messages: readonly Message[],
  refetch: () => unknown,
) {
  const newestInboundAt = useMemo(
    () =>
      messages.reduce(
        (max, m) => (m.direction === 'inbound' ? Math.max(max, Date.parse(m.created_at)) : max),
        0,
      ),
    [messages],
  );
  const recordLastAt = thread.last_message_at ? Date.parse(thread.last_message_at) : 0;
  const refetchedFor = useRef(0);
  useEffect(() => {
    if (newestInboundAt <= recordLastAt || refetchedFor.current === newestInboundAt) return;
    refetchedFor.current = newestInboundAt;
    void refetch();
  }, [newestInboundAt, recordLastAt, refetch]);
}
