import { Bot } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AgentAnswering, useAgentName } from './ai-controls';

// A person replies while an AI agent answers the thread: two voices would answer the contact, so
// the reply waits for a choice (as respond.io asks): take the thread over and send, send and let
// the agent go on, or go back to the draft.

interface AiReplyPromptProps {
  readonly agentId: string;
  readonly busy: boolean;
  readonly onTakeOver: () => void;
  readonly onSendOnly: () => void;
  readonly onCancel: () => void;
}

export function AiReplyPrompt({ agentId, busy, onTakeOver, onSendOnly, onCancel }: AiReplyPromptProps) {
  const name = useAgentName(agentId) ?? 'An AI agent';
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md bg-accent-soft px-3 py-2 text-[13px]"
    >
      <Bot size={16} aria-hidden className="text-accent" />
      <span className="flex-1">
        <AgentAnswering name={name} />. Your reply is not sent yet.
      </span>
      <Button size="sm" variant="primary" onClick={onTakeOver} disabled={busy}>
        Take over and send
      </Button>
      <Button size="sm" variant="secondary" onClick={onSendOnly} disabled={busy}>
        Send, {name} goes on
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
        Not now
      </Button>
    </div>
  );
}
