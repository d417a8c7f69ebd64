import { memo, useState } from 'react';
import type { Conversation, Message, Platform } from '@/contract';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import type { WindowState } from '../window';
import { Composer } from './composer';
import { NoteComposer } from './note-composer';

interface ThreadComposerProps {
  thread: Conversation;
  platform: Platform | undefined;
  windowState: WindowState;
  quote: Message | null;
  onClearQuote: () => void;
  /** Whether the person is typing a reply (told to teammates). */
  onTypingChange?: (typing: boolean) => void;
}

type Mode = 'reply' | 'note';

/**
 * Reply to the contact or write a private note for the team (every role may write notes). A role
 * that may not send sees, in the reply's place, who may.
 */
export const ThreadComposer = memo(function ThreadComposer({ thread, ...props }: ThreadComposerProps) {
  const can = useCan();
  const maySend = can('conversations.send') && can('messages.sendText');
  const [mode, setMode] = useState<Mode>(maySend ? 'reply' : 'note');
  const tab = (value: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => setMode(value)}
      className={`-mb-px h-7 border-b-2 px-2 text-[13px] font-medium ${
        mode === value
          ? value === 'note'
            ? 'border-warning text-warning'
            : 'border-accent text-fg'
          : 'border-transparent text-muted hover:text-fg'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div className={`border-t border-border ${mode === 'note' ? 'bg-warning-soft/40' : ''}`}>
      <div role="tablist" aria-label="Write" className="flex gap-1 px-3 pt-1">
        {tab('reply', 'Reply')}
        {tab('note', 'Note')}
      </div>
      {mode === 'note' ? (
        <div className="px-3 pb-3 pt-1.5">
          <NoteComposer key={thread.id} conversationId={thread.id} />
        </div>
      ) : maySend ? (
        <Composer key={thread.id} conversation={thread} {...props} />
      ) : (
        // Said in the composer's place, so a thread without one does not look broken.
        <p className="px-4 py-3 text-[13px] text-muted">
          Only {whoCan('messages.sendText')} can send messages. You can write a private note for the team.
        </p>
      )}
    </div>
  );
});
