import { Reply, RotateCw, Trash2 } from 'lucide-react';
import { memo } from 'react';
import type { Message } from '@/contract';
import { ClockTime } from '@/components/ui/time-labels';
import { messagePreview } from '../thread-names';
import { MessageContent } from './message-content';
import { StatusTick } from './status-tick';
import { UserText } from '@/components/ui/user-text';

export interface MessageActions {
  onReply: (message: Message) => void;
  onRetry: (message: Message) => void;
  onDiscard: (message: Message) => void;
  /** Whether a failed message of this kind can be sent again from here. */
  canRetry: (message: Message) => boolean;
}

function Quote({
  quoted,
  authorOf,
}: {
  quoted: Message | undefined;
  authorOf: (m: Message) => string | null;
}) {
  return (
    <div className="mb-1 border-l-2 border-accent bg-surface/60 px-2 py-1 text-xs text-muted">
      {quoted ? (
        <>
          <span className="font-medium text-fg">
            <UserText>
              {authorOf(quoted) ?? (quoted.from_me ? 'You' : quoted.sender_name || 'Contact')}
            </UserText>
          </span>
          <span className="line-clamp-2 break-words">
            <UserText>{messagePreview(quoted)}</UserText>
          </span>
        </>
      ) : (
        <span>Replying to an earlier message</span>
      )}
    </div>
  );
}

interface MessageItemProps extends MessageActions {
  message: Message;
  quoted: Message | undefined;
  reactedTo: Message | undefined;
  /** Who sent it, shown above the text (null: not shown, as for the next of one sender's messages). */
  sender: string | null;
  /** The teammate or AI agent behind a message the BFF recorded (quotes and reactions name them). */
  authorOf: (message: Message) => string | null;
}

export const MessageItem = memo(function MessageItem({
  message,
  quoted,
  reactedTo,
  sender,
  authorOf,
  onReply,
  onRetry,
  onDiscard,
  canRetry,
}: MessageItemProps) {
  const outbound = message.direction === 'outbound';
  const failed = message.status === 'failed';
  if (message.type === 'reaction') {
    return (
      <div className={`flex px-4 py-0.5 text-xs text-muted ${outbound ? 'justify-end' : 'justify-start'}`}>
        <span>
          <UserText>{authorOf(message) ?? (outbound ? 'You' : message.sender_name || 'Contact')}</UserText>{' '}
          reacted <MessageContent message={message} />
          {reactedTo ? (
            <>
              {' '}
              to “<UserText>{messagePreview(reactedTo).slice(0, 60)}</UserText>”
            </>
          ) : null}
        </span>
      </div>
    );
  }
  return (
    <div className={`group flex px-4 py-1 ${outbound ? 'justify-end' : 'justify-start'}`}>
      <div className={`flex max-w-[min(75%,36rem)] items-end gap-1 ${outbound ? 'flex-row-reverse' : ''}`}>
        <div
          className={`min-w-0 rounded-lg border px-3 py-1.5 ${
            failed
              ? 'border-danger bg-danger-soft'
              : outbound
                ? 'border-transparent bg-accent-soft'
                : 'border-border bg-raised'
          }`}
        >
          {sender ? (
            <p className="mb-0.5 text-xs font-medium text-muted">
              <UserText>{sender}</UserText>
            </p>
          ) : null}
          {message.quoted_message_id ? <Quote quoted={quoted} authorOf={authorOf} /> : null}
          {message.type === 'template' ? (
            <p className="mb-0.5 text-[11px] font-medium uppercase tracking-wide text-muted">Template</p>
          ) : null}
          <MessageContent message={message} />
          <p className="mt-0.5 flex items-center justify-end gap-1 text-[11px] text-muted">
            <ClockTime iso={message.created_at} className="tabular" />
            {outbound ? <StatusTick status={message.status} /> : null}
          </p>
          {failed ? (
            <div className="mt-1 flex flex-col gap-1 border-t border-danger/30 pt-1">
              <p className="text-xs text-danger">
                Not delivered{message.error_reason ? `: ${message.error_reason}` : ''}
              </p>
              <div className="flex gap-1">
                {canRetry(message) ? (
                  <button
                    type="button"
                    onClick={() => onRetry(message)}
                    className="inline-flex h-8 items-center gap-1 rounded px-2 text-xs font-medium text-fg hover:bg-raised"
                  >
                    <RotateCw size={12} aria-hidden />
                    Retry
                  </button>
                ) : null}
                <button
                  type="button"
                  onClick={() => onDiscard(message)}
                  className="inline-flex h-8 items-center gap-1 rounded px-2 text-xs font-medium text-muted hover:bg-raised"
                >
                  <Trash2 size={12} aria-hidden />
                  Discard
                </button>
              </div>
            </div>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => onReply(message)}
          aria-label="Reply"
          title="Reply"
          className="grid size-8 shrink-0 place-items-center rounded text-subtle opacity-0 hover:bg-surface focus-visible:opacity-100 group-hover:opacity-100"
        >
          <Reply size={14} aria-hidden />
        </button>
      </div>
    </div>
  );
});
