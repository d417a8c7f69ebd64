import { useQuery } from '@tanstack/react-query';
import { Bot } from 'lucide-react';
import { memo } from 'react';
import type { Conversation } from '@/contract';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { teamQuery } from '@/data/session';
import { useAssignAgent } from '../api/conversation-actions';
import { useAiAgentId } from '../ai-state';
import { UserText } from '@/components/ui/user-text';

/** The AI agent's name from the roster; null while it loads (or for no agent). */
export function useAgentName(agentId: string | null): string | null {
  const team = useQuery(teamQuery());
  // Wait for the roster rather than flash a generic name; if it cannot load, still say an AI answers.
  if (agentId === null || team.isPending) return null;
  return team.data?.aiAgents.find((a) => a.id === agentId)?.name ?? 'An AI agent';
}

/** "Aria is answering this conversation", the agent's name in bold (the banner, the reply prompt). */
export function AgentAnswering({ name }: { name: string }) {
  return (
    <>
      <strong className="font-semibold">
        <UserText>{name}</UserText>
      </strong>{' '}
      is answering this conversation
    </>
  );
}

/** While an AI agent answers, says so plainly and offers to take the thread back. */
export const AiBanner = memo(function AiBanner({ conversation }: { conversation: Conversation }) {
  const agentId = useAiAgentId(conversation);
  const name = useAgentName(agentId);
  const assign = useAssignAgent(conversation.id);
  const can = useCan();
  if (agentId === null || name === null) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 border-b border-border bg-accent-soft px-4 py-2 text-sm"
    >
      <Bot size={16} aria-hidden className="text-accent" />
      <p className="flex-1">
        <AgentAnswering name={name} />
      </p>
      {can('conversations.assignAgent') ? (
        <Button
          size="sm"
          variant="primary"
          onClick={() => assign.mutate({ agentId: null })}
          disabled={assign.isPending}
        >
          Take over
        </Button>
      ) : null}
    </div>
  );
});
