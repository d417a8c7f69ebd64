import type { Conversation, Message, Platform } from '@/contract';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import type { WindowState } from '../window';
import { Composer } from './composer';

interface ThreadComposerProps {
  thread: Conversation;
  platform: Platform | undefined;
  windowState: WindowState;
  quote: Message | null;
  onClearQuote: () => void;
}

/** The composer for a role that may send; otherwise, in its place, who may. */
export function ThreadComposer({ thread, ...props }: ThreadComposerProps) {
  const can = useCan();
  if (can('conversations.send') && can('messages.sendText')) {
    return <Composer key={thread.id} conversation={thread} {...props} />;
  }
  // Said in the composer's place, so a thread without one does not look broken.
  return (
    <p className="border-t border-border px-4 py-3 text-[13px] text-muted">
      Only {whoCan('messages.sendText')} can send messages.
    </p>
  );
}
