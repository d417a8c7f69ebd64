import { Loader2, Paperclip, Send, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Conversation, Message, Platform } from '@/contract';
import { Button } from '@/components/ui/button';
import { errorText } from '@/components/ui/states';
import { isApiError } from '@/lib/api-error';
import { OutcomeStillUnknown, useKeyKeeper } from '@/lib/idempotent-call';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { useAiAgentId } from '../ai-state';
import { useAssignAgent } from '../api/conversation-actions';
import { useSendMessage, type Outgoing } from '../api/send';
import { loadDraft, saveDraft, sendKeyMemory } from '../local-store';
import { messagePreview } from '../thread-names';
import { COMPOSER_ID } from '../use-inbox-shortcuts';
import { WINDOW_MS, isWindowRefusal, type WindowState } from '../window';
import { platformName } from './channel-label';
import { MediaLinkForm } from './media-link-form';
import { QuickReplyMenu, useQuickReplyKeys } from './quick-reply-menu';
import { TemplatePicker } from './template-picker';
import { UserText } from '@/components/ui/user-text';
import { ComposerWindow } from './composer-window';
import { fillVariables, unfilledVariables } from '../quick-reply-variables';
import { useReplyVariables } from '../use-reply-variables';
import { useTypingFlag } from '../use-presence';
import { collisionText, useCollisionCheck } from '../use-collision-check';
import { UNFILLED_ID, UnfilledVariables } from './unfilled-variables';
import { AiReplyPrompt } from './ai-reply-prompt';
import { useScheduleSend } from '../use-schedule-send';
import { ScheduleSendMenu, ScheduleTimeDialog } from './schedule-send-menu';
import { ScheduledMessages } from './scheduled-messages';

interface ComposerProps {
  conversation: Conversation;
  platform: Platform | undefined;
  windowState: WindowState;
  quote: Message | null;
  onClearQuote: () => void;
  onTypingChange?: ((typing: boolean) => void) | undefined;
}

/**
 * Text (Enter sends, Shift+Enter adds a line), a quoted reply, media by link, and quick replies
 * with "/". Outside the 24-hour window the primary platform gets the template picker and the social
 * platforms an explanation. The draft lives in the user's storage and is cleared only by a successful send.
 */
export function Composer({
  conversation,
  platform,
  windowState,
  quote,
  onClearQuote,
  onTypingChange,
}: ComposerProps) {
  const id = conversation.id;
  const [text, setText] = useState(() => loadDraft(id));
  const [mediaOpen, setMediaOpen] = useState(false);
  // Set when the upstream refused free text because the window closed while we thought it open.
  const [refusedAt, setRefusedAt] = useState<number | null>(null);
  const [menuClosedFor, setMenuClosedFor] = useState<string | null>(null);
  // Bumped by each template sent: the picker starts again empty, never one click from a repeat.
  const [templateRound, setTemplateRound] = useState(0);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const quickKeys = useQuickReplyKeys();
  const send = useSendMessage(id);
  // One key per draft: a repeat, a Retry or a reload sends the same content under the same key.
  const keys = useKeyKeeper(sendKeyMemory(id));
  const variables = useReplyVariables(conversation);
  const unfilled = unfilledVariables(text);
  const scheduler = useScheduleSend(id);

  useEffect(() => saveDraft(id, text), [id, text]);
  const typing = useTypingFlag(text);
  const collision = useCollisionCheck(id, text);
  const [collided, setCollided] = useState<string | null>(null);
  // An AI agent answers this thread: a reply first asks whether to take the thread over.
  const aiAgentId = useAiAgentId(conversation);
  const assignAgent = useAssignAgent(id);
  const can = useCan();
  const [askAi, setAskAi] = useState(false);
  useEffect(() => onTypingChange?.(typing), [typing, onTypingChange]);

  // A refusal holds until an inbound message newer than it opens the window again.
  const refusedByWindow =
    refusedAt !== null && !(windowState.kind === 'open' && windowState.closesAt - WINDOW_MS > refusedAt);
  const windowClosed = windowState.kind === 'closed' || refusedByWindow;
  const slashQuery =
    text.startsWith('/') && !text.includes('\n') && menuClosedFor !== text ? text.slice(1) : null;

  const sendOutgoing = (outgoing: Outgoing, onSuccess: () => void) => {
    send.mutate(
      { outgoing, key: keys.keyFor(outgoing) },
      {
        onSuccess: () => {
          keys.done();
          onSuccess();
        },
        onError: (error) => {
          if (error instanceof OutcomeStillUnknown) {
            notify.error('Not confirmed yet', { description: error.message });
            return;
          }
          if (isApiError(error) && isWindowRefusal(error.status, error.message) && outgoing.kind === 'text') {
            setRefusedAt(Date.now());
            notify.info('The 24-hour window has closed', {
              description: 'Only a template can be sent now. Your text is kept as a draft.',
            });
            return;
          }
          notify.error('The message was not sent', { description: errorText(error) });
        },
      },
    );
  };

  const sendText = (anyway = false, aiChosen = false) => {
    const body = text.trim();
    if (!body || send.isPending || unfilled.length > 0) return;
    if (!aiChosen && aiAgentId !== null && can('conversations.assignAgent')) {
      setAskAi(true);
      return;
    }
    setAskAi(false);
    // Something new in the thread since typing began: the person looks before it goes.
    const arrived = collision.arrivedSince();
    if (!anyway && arrived.length > 0) {
      setCollided(collisionText(arrived));
      return;
    }
    setCollided(null);
    collision.acknowledge();
    sendOutgoing({ kind: 'text', text: body, quotedMessageId: quote?.id }, () => {
      setText('');
      onClearQuote();
    });
  };

  if (windowClosed && platform && platform !== 'whatsapp') {
    return (
      <div role="status" className="border-t border-border bg-surface px-4 py-3 text-sm text-muted">
        The 24-hour reply window is closed. {platformName(platform)} has no message templates, so this thread
        can only be answered after the contact writes again.
      </div>
    );
  }

  if (windowClosed) {
    return (
      <section
        aria-label="Send a template"
        className="flex max-h-[45vh] flex-col gap-2 overflow-y-auto border-t border-border px-4 py-3"
      >
        <ScheduledMessages conversationId={id} />
        <p className="text-sm text-muted">
          The 24-hour reply window is closed: only an approved template can be sent.
          {text.trim() ? ' Your draft is kept for when the contact writes again.' : ''}
        </p>
        {conversation.channel_id ? (
          <TemplatePicker
            key={templateRound}
            channelId={conversation.channel_id}
            sending={send.isPending}
            onSend={(template) =>
              sendOutgoing({ kind: 'template', template }, () => setTemplateRound((r) => r + 1))
            }
            onSchedule={scheduler.pickTime}
          />
        ) : (
          <p className="text-danger">This thread has no channel to send from.</p>
        )}
        {scheduler.error ? (
          <p role="alert" className="text-xs text-danger">
            {scheduler.error}
          </p>
        ) : null}
        {scheduler.template ? (
          <ScheduleTimeDialog
            title={`Schedule the template ${scheduler.template.templateName}`}
            busy={scheduler.busy}
            onSchedule={async (sendAt, from) => {
              const refused = await scheduler.scheduleTemplate(sendAt, from);
              if (refused === null) setTemplateRound((r) => r + 1);
              return refused;
            }}
            onClose={scheduler.dropTemplate}
          />
        ) : null}
      </section>
    );
  }

  return (
    <div className="flex flex-col gap-2 border-t border-border px-4 py-3">
      <ScheduledMessages conversationId={id} />
      <ComposerWindow state={windowState} />
      {quote ? (
        <div className="flex items-start gap-2 rounded-md border-l-2 border-accent bg-surface px-2 py-1 text-xs">
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              Replying to{' '}
              {quote.from_me ? 'your message' : <UserText>{quote.sender_name ?? 'the contact'}</UserText>}
            </p>
            <p className="line-clamp-2 text-muted">
              <UserText>{messagePreview(quote)}</UserText>
            </p>
          </div>
          <button
            type="button"
            onClick={onClearQuote}
            aria-label="Cancel reply"
            className="grid size-8 place-items-center rounded hover:bg-raised"
          >
            <X size={14} aria-hidden />
          </button>
        </div>
      ) : null}
      {mediaOpen ? (
        <MediaLinkForm
          sending={send.isPending}
          onCancel={() => setMediaOpen(false)}
          onSend={(media) => sendOutgoing({ kind: 'media', media }, () => setMediaOpen(false))}
        />
      ) : null}
      {send.checking ? (
        <p role="status" className="flex items-center gap-1.5 text-[13px] text-muted">
          <Loader2 size={14} aria-hidden className="animate-spin motion-reduce:animate-none" />
          <span>Checking…</span>
          <span className="text-subtle">the message is slow to confirm; it will not be sent twice.</span>
        </p>
      ) : null}
      <UnfilledVariables names={unfilled} />
      {askAi && aiAgentId !== null ? (
        <AiReplyPrompt
          agentId={aiAgentId}
          busy={assignAgent.isPending || send.isPending}
          onTakeOver={() => assignAgent.mutate({ agentId: null }, { onSuccess: () => sendText(false, true) })}
          onSendOnly={() => sendText(false, true)}
          onCancel={() => {
            setAskAi(false);
            textareaRef.current?.focus();
          }}
        />
      ) : null}
      {collided ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md bg-warning-soft px-3 py-2 text-[13px]"
        >
          <span className="flex-1">{collided} Your reply is not sent yet.</span>
          <Button size="sm" variant="primary" onClick={() => sendText(true, true)}>
            Send anyway
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              collision.acknowledge();
              setCollided(null);
              textareaRef.current?.focus();
            }}
          >
            Review first
          </Button>
        </div>
      ) : null}
      <div className="relative">
        {slashQuery !== null ? (
          <div className="absolute bottom-full left-0 right-0 mb-1">
            <QuickReplyMenu
              query={slashQuery}
              keys={quickKeys}
              onPick={(body) => {
                setText(fillVariables(body, variables));
                setMenuClosedFor(null);
                textareaRef.current?.focus();
              }}
              onClose={() => setMenuClosedFor(text)}
            />
          </div>
        ) : null}
        <div className="flex items-end gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-label="Send media by link"
            aria-expanded={mediaOpen}
            title="Send an image or document by link"
            onClick={() => setMediaOpen((open) => !open)}
          >
            <Paperclip size={16} aria-hidden />
          </Button>
          <label htmlFor={COMPOSER_ID} className="sr-only">
            Message
          </label>
          <textarea
            id={COMPOSER_ID}
            ref={textareaRef}
            {...(slashQuery !== null ? quickKeys.inputProps : {})}
            {...(unfilled.length > 0 ? { 'aria-describedby': UNFILLED_ID } : {})}
            value={text}
            rows={Math.min(6, Math.max(1, text.split('\n').length))}
            placeholder="Write a reply… (/ for quick replies)"
            onChange={(e) => {
              setText(e.target.value);
              scheduler.clearError();
            }}
            onKeyDown={(event) => {
              if (slashQuery !== null && quickKeys.onKeyDown(event)) return;
              if (event.key === 'Escape') {
                if (slashQuery !== null) setMenuClosedFor(text);
                else if (quote) onClearQuote();
                else event.currentTarget.blur();
                event.stopPropagation();
                return;
              }
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                sendText();
              }
            }}
            className="max-h-40 min-h-9 flex-1 resize-none rounded-md border border-border bg-bg px-2.5 py-1.5 text-sm placeholder:text-subtle focus:border-accent focus:outline-none"
          />
          <Button
            variant="primary"
            size="md"
            onClick={() => sendText()}
            disabled={send.isPending || text.trim() === '' || unfilled.length > 0}
            {...(unfilled.length > 0 ? { 'aria-describedby': UNFILLED_ID } : {})}
          >
            <Send size={14} aria-hidden />
            Send
          </Button>
          <ScheduleSendMenu
            disabled={text.trim() === '' || unfilled.length > 0 || send.isPending}
            windowClosesAt={windowState.kind === 'open' ? windowState.closesAt : undefined}
            busy={scheduler.busy}
            onSchedule={(sendAt, from) =>
              scheduler.scheduleText(text.trim(), quote?.id, sendAt, from, () => {
                setText('');
                onClearQuote();
              })
            }
          />
        </div>
        {scheduler.error ? (
          <p role="alert" className="mt-1 text-xs text-danger">
            {scheduler.error} Your text is kept.
          </p>
        ) : null}
      </div>
    </div>
  );
}
