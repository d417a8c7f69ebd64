import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, PanelRight } from 'lucide-react';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Message } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import { errorText } from '@/components/ui/states';
import {
  THREAD_POLL_MS,
  channelsQuery,
  contactQuery,
  conversationQuery,
  flattenMessages,
  messagesQuery,
  newestMessagesQuery,
} from '../api/conversations';
import { useSendMessage, type Outgoing } from '../api/send';
import { discardMessage, loadDiscarded } from '../local-store';
import { safeUrl } from '../safe-url';
import { conversationName } from '../thread-names';
import { COMPOSER_ID } from '../use-inbox-shortcuts';
import { useNow } from '../use-now';
import { computeWindow } from '../window';
import { AiBanner, AiMenu } from './ai-controls';
import { ChannelLabel } from './channel-label';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { OwnerPicker } from './owner-picker';
import { ThreadStatusActions } from './thread-status-actions';
import { WindowChip } from './window-chip';
import { UserText } from '@/components/ui/user-text';

const ContextPanel = lazy(() => import('./context-panel'));

/** What "Retry" sends again for a failed message, or null when it cannot be rebuilt here. */
export function retryPayload(message: Message): Outgoing | null {
  const media = message.media ?? null;
  const url = safeUrl(media?.url);
  if (message.type === 'text' && message.text?.trim()) return { kind: 'text', text: message.text };
  if ((message.type === 'image' || message.type === 'document' || message.type === 'video') && url) {
    return {
      kind: 'media',
      media: {
        url,
        ...(media?.caption || message.text ? { caption: media?.caption ?? message.text ?? '' } : {}),
        ...(media?.mime_type ? { mime_type: media.mime_type } : {}),
        ...(media?.file_name ? { file_name: media.file_name } : {}),
      },
    };
  }
  const name = message['template_name'];
  const language = message['template_language'];
  const params = message['template_params'];
  // Without the parameters it was sent with, a template cannot be rebuilt: no Retry then.
  if (
    message.type === 'template' &&
    typeof name === 'string' &&
    typeof language === 'string' &&
    Array.isArray(params)
  ) {
    return {
      kind: 'template',
      template: { templateName: name, templateLanguage: language, templateParams: params.map(String) },
    };
  }
  return null;
}

export function ThreadScreen({ conversationId }: { conversationId: string }) {
  const conversation = useQuery(conversationQuery(conversationId));
  const can = useCan();
  const messages = useInfiniteQuery(messagesQuery(conversationId));
  const loaded = messages.data !== undefined;
  // The open thread watches its newest page closely; older pages stay as they were read.
  useQuery({
    ...newestMessagesQuery(conversationId),
    enabled: loaded,
    initialData: () => messages.data?.pages[0],
    initialDataUpdatedAt: () => messages.dataUpdatedAt,
    refetchInterval: THREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const channels = useQuery(channelsQuery());
  const contactId = conversation.data?.contact_id ?? null;
  const contact = useQuery({ ...contactQuery(contactId ?? ''), enabled: contactId !== null });
  const now = useNow(15_000);
  const [quote, setQuote] = useState<Message | null>(null);
  const [discarded, setDiscarded] = useState(() => loadDiscarded(conversationId));
  const [contextOpen, setContextOpen] = useState(false);
  const retry = useSendMessage(conversationId);

  const all = useMemo(() => flattenMessages(messages.data), [messages.data]);

  // An inbound message newer than the record's last_message_at changes the record (a closed thread
  // reopens, the window restarts): read it now rather than at the record's slower poll.
  const newestInboundAt = useMemo(
    () =>
      all.reduce((max, m) => (m.direction === 'inbound' ? Math.max(max, Date.parse(m.created_at)) : max), 0),
    [all],
  );
  const recordLastAt = conversation.data?.last_message_at ? Date.parse(conversation.data.last_message_at) : 0;
  const refetchConversation = conversation.refetch;
  const hasRecord = conversation.data !== undefined;
  const refetchedFor = useRef(0);
  useEffect(() => {
    // Once per new inbound message, so a server whose record lags can never cause a loop.
    if (!hasRecord || newestInboundAt <= recordLastAt || refetchedFor.current === newestInboundAt) return;
    refetchedFor.current = newestInboundAt;
    void refetchConversation();
  }, [newestInboundAt, recordLastAt, hasRecord, refetchConversation]);
  const visible = useMemo(() => all.filter((m) => !discarded.has(m.id)), [all, discarded]);

  const onReply = useCallback((message: Message) => {
    setQuote(message);
    document.getElementById(COMPOSER_ID)?.focus();
  }, []);
  const onRetry = useCallback(
    (message: Message) => {
      const payload = retryPayload(message);
      if (!payload) return;
      retry.mutate(payload, {
        onSuccess: () => {
          // The new message replaces the failed one in view; the failed one stays on the server.
          setDiscarded(discardMessage(conversationId, message.id));
          notify.success('Sent again');
        },
        onError: (error) => notify.error('The message was not sent', { description: errorText(error) }),
      });
    },
    [retry, conversationId],
  );
  const onDiscard = useCallback(
    (message: Message) => setDiscarded(discardMessage(conversationId, message.id)),
    [conversationId],
  );
  const canRetry = useCallback((message: Message) => retryPayload(message) !== null, []);

  if (conversation.isPending) return <LoadingState label="Loading the conversation…" />;
  if (conversation.isError)
    return (
      <div className="flex flex-1 items-center justify-center">
        <ErrorState
          error={conversation.error}
          onRetry={() => void conversation.refetch()}
          title="This conversation could not be opened"
        />
      </div>
    );

  const thread = conversation.data;
  const channel = channels.data?.channels.find((c) => c.id === thread.channel_id);
  const name = conversationName(thread, {
    contact: contact.data,
    messages: all,
    platform: channel?.platform,
  });
  const windowState = computeWindow({
    platform: channel?.platform,
    lastMessageAt: thread.last_message_at,
    messages: loaded ? all : undefined,
    hasOlder: messages.hasNextPage,
    now,
    isGroup: thread.is_group,
  });

  return (
    <div className="flex min-h-0 min-w-0 flex-1">
      <section aria-label={`Conversation with ${name}`} className="flex min-h-0 min-w-0 flex-1 flex-col">
        {/* The names keep their natural width (flex-auto); when they and the controls do not fit on
            one line, the controls wrap to a second row instead of squeezing the names. */}
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
              <WindowChip state={windowState} />
            </p>
          </div>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-1.5">
            {can('conversations.assignOwner') ? <OwnerPicker conversation={thread} /> : null}
            {can('conversations.assignAgent') ? <AiMenu conversation={thread} /> : null}
            <ThreadStatusActions conversation={thread} />
            <Button
              variant="ghost"
              size="sm"
              className="xl:hidden"
              aria-label="Show details"
              onClick={() => setContextOpen(true)}
            >
              <PanelRight size={16} aria-hidden />
            </Button>
          </div>
        </header>
        {messages.isPending ? (
          <LoadingState label="Loading messages…" />
        ) : messages.isError ? (
          <ErrorState
            error={messages.error}
            onRetry={() => void messages.refetch()}
            title="The messages could not be loaded"
          />
        ) : (
          <MessageList
            messages={visible}
            isGroup={thread.is_group}
            hasOlder={messages.hasNextPage}
            loadingOlder={messages.isFetchingNextPage}
            onLoadOlder={() => void messages.fetchNextPage()}
            onReply={onReply}
            onRetry={onRetry}
            onDiscard={onDiscard}
            canRetry={canRetry}
          />
        )}
        <AiBanner conversation={thread} />
        {can('conversations.send') && can('messages.sendText') ? (
          <Composer
            key={thread.id}
            conversation={thread}
            platform={channel?.platform}
            windowState={windowState}
            quote={quote}
            onClearQuote={() => setQuote(null)}
          />
        ) : (
          // Said in the composer's place, so a thread without one does not look broken.
          <p className="border-t border-border px-4 py-3 text-[13px] text-muted">
            Only {whoCan('messages.sendText')} can send messages.
          </p>
        )}
      </section>
      <aside
        aria-label="Details"
        className="hidden w-80 shrink-0 overflow-y-auto border-l border-border xl:block"
      >
        <Suspense fallback={<LoadingState />}>
          <ContextPanel conversation={thread} />
        </Suspense>
      </aside>
      <Dialog open={contextOpen} onOpenChange={setContextOpen} title="Details" side>
        <Suspense fallback={<LoadingState />}>
          <ContextPanel conversation={thread} />
        </Suspense>
      </Dialog>
    </div>
  );
}
