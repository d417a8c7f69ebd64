import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState } from 'react';
import { authorLabel, type Message } from '@/contract';
import { errorText } from '@/components/ui/states';
import { useMyUsername, useThreadAuthors } from '@/data/authors';
import { threadNotesQuery } from '@/data/notes';
import { notify } from '@/lib/notify';
import { useSendMessage } from '../api/send';
import { discardMessage, loadDiscarded } from '../local-store';
import { retryPayload } from '../retry-payload';
import { MessageList } from './message-list';

interface ThreadBodyProps {
  conversationId: string;
  isGroup: boolean;
  /** Loaded messages, newest first. */
  messages: readonly Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onReply: (message: Message) => void;
  /** A note to bring into view (opened from Mentions). */
  focusNoteId?: string | undefined;
  /** A message to bring into view (opened from search). */
  focusMessageId?: string | undefined;
}

/**
 * The messages, with Retry and Discard for a failed one (a discarded message stays hidden here).
 * Memoised, with stable actions: the thread screen re-renders when its record, contact or presence
 * changes, and the rows (memoised on their actions) need not render with it.
 */
export const ThreadBody = memo(function ThreadBody({
  conversationId,
  messages,
  onReply,
  ...list
}: ThreadBodyProps) {
  const [discarded, setDiscarded] = useState(() => loadDiscarded(conversationId));
  const { mutate: send } = useSendMessage(conversationId);
  const visible = useMemo(() => messages.filter((m) => !discarded.has(m.id)), [messages, discarded]);
  // The team's notes come from the BFF's database; the messages never wait for them.
  const notes = useQuery(threadNotesQuery(conversationId)).data;
  // Who on the team sent each message (the BFF's record): a bubble says "Ana", not the workspace.
  const authors = useThreadAuthors(conversationId);
  const me = useMyUsername();
  const authorOf = useCallback(
    (message: Message) => {
      const author = authors[message.id];
      return author ? authorLabel(author, me) : null;
    },
    [authors, me],
  );

  const onRetry = useCallback(
    (message: Message) => {
      const payload = retryPayload(message);
      if (!payload) return;
      // One key per failed message: pressing Retry twice sends it again once.
      send(
        { outgoing: payload, key: `retry-${message.id}` },
        {
          onSuccess: () => {
            // The new message replaces the failed one in view; the failed one stays on the server.
            setDiscarded(discardMessage(conversationId, message.id));
            notify.success('Sent again');
          },
          onError: (error) => notify.error('The message was not sent', { description: errorText(error) }),
        },
      );
    },
    [send, conversationId],
  );
  const onDiscard = useCallback(
    (message: Message) => setDiscarded(discardMessage(conversationId, message.id)),
    [conversationId],
  );
  const canRetry = useCallback((message: Message) => retryPayload(message) !== null, []);

  return (
    <MessageList
      messages={visible}
      {...(notes ? { notes } : {})}
      onReply={onReply}
      onRetry={onRetry}
      onDiscard={onDiscard}
      canRetry={canRetry}
      authorOf={authorOf}
      {...list}
    />
  );
});
