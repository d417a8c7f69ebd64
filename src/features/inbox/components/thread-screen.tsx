import { useSearch } from '@tanstack/react-router';
import { Suspense, lazy, useCallback, useState } from 'react';
import type { Message } from '@/contract';
import { LoadingState } from '@/components/ui/states';
import { loadable } from '@/lib/loadable';
import { WIDER_THAN, useMediaQuery } from '@/lib/use-media-query';
import { COMPOSER_ID } from '../use-inbox-shortcuts';
import { useMarkReadWhenSeen } from '../use-mark-read';
import { usePresenceBeacon, useTeammatesIn } from '../use-presence';
import { useThreadFacts } from '../use-thread-facts';
import { TypingLine } from './thread-presence';
import { AiBanner } from './ai-controls';
import { ThreadBody } from './thread-body';
import { ThreadComposer } from './thread-composer';
import { ThreadHeader } from './thread-header';

const ContextPanel = lazy(() => import('./context-panel'));
// The details drawer (a narrow window's way to the panel) and its dialog code load after the
// thread has painted, and only where the panel does not sit beside the thread.
const dialogCode = loadable(() => import('@/components/ui/dialog'), { afterPaint: true });

/** The open thread: header, messages and composer, with the context panel beside (or in a drawer). */
export function ThreadScreen({ conversationId }: { conversationId: string }) {
  const { thread, channel, name, windowState, messages, hasOlder, loadingOlder, loadOlder } =
    useThreadFacts(conversationId);
  useMarkReadWhenSeen(conversationId, messages);
  const focusNoteId = useSearch({ from: '/inbox', select: (search) => search.note });
  const focusMessageId = useSearch({ from: '/inbox', select: (search) => search.message });
  const [typing, setTyping] = useState(false);
  usePresenceBeacon(conversationId, typing);
  const viewers = useTeammatesIn(conversationId);
  const [quote, setQuote] = useState<Message | null>(null);
  const [contextOpen, setContextOpen] = useState(false);
  // Beside the thread only on a wide window; narrower, it opens in a drawer when asked for, and
  // until then costs no code, reads or render (a phone never loads the panel to hide it).
  const panelBeside = useMediaQuery(WIDER_THAN.xl);
  const Dialog = dialogCode.use(!panelBeside)?.Dialog;
  const onReply = useCallback((message: Message) => {
    setQuote(message);
    document.getElementById(COMPOSER_ID)?.focus();
  }, []);
  // Stable, for the memoised header, messages and composer.
  const onShowDetails = useCallback(() => setContextOpen(true), []);
  const onLoadOlder = useCallback(() => void loadOlder(), [loadOlder]);
  const onClearQuote = useCallback(() => setQuote(null), []);

  return (
    <div className="flex min-h-0 min-w-0 flex-1">
      <section aria-label={`Conversation with ${name}`} className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ThreadHeader
          thread={thread}
          name={name}
          channel={channel}
          windowState={windowState}
          onShowDetails={onShowDetails}
          viewers={viewers}
        />
        <ThreadBody
          conversationId={conversationId}
          isGroup={thread.is_group}
          messages={messages}
          hasOlder={hasOlder}
          loadingOlder={loadingOlder}
          onLoadOlder={onLoadOlder}
          onReply={onReply}
          focusNoteId={focusNoteId}
          focusMessageId={focusMessageId}
        />
        <TypingLine viewers={viewers} />
        <AiBanner conversation={thread} />
        <ThreadComposer
          thread={thread}
          platform={channel?.platform}
          windowState={windowState}
          quote={quote}
          onClearQuote={onClearQuote}
          onTypingChange={setTyping}
        />
      </section>
      {panelBeside ? (
        <aside aria-label="Details" className="w-80 shrink-0 overflow-y-auto border-l border-border">
          <Suspense fallback={<LoadingState />}>
            <ContextPanel conversation={thread} name={name} />
          </Suspense>
        </aside>
      ) : Dialog ? (
        <Dialog open={contextOpen} onOpenChange={setContextOpen} title="Details" side>
          <Suspense fallback={<LoadingState />}>
            <ContextPanel conversation={thread} name={name} />
          </Suspense>
        </Dialog>
      ) : null}
    </div>
  );
}
