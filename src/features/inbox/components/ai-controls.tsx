import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { Bot, Check } from 'lucide-react';
import type { Conversation } from '@/contract';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { teamQuery } from '@/data/session';
import { useAssignAgent } from '../api/conversation-actions';
import { useAiAgentId } from '../ai-state';
import { UserText } from '@/components/ui/user-text';

function useAgentName(agentId: string | null): string | null {
  const team = useQuery(teamQuery());
  // Wait for the roster rather than flash a generic name; if it cannot load, still say an AI answers.
  if (agentId === null || team.isPending) return null;
  return team.data?.aiAgents.find((a) => a.id === agentId)?.name ?? 'An AI agent';
}

/** While an AI agent answers, says so plainly and offers to take the thread back. */
export function AiBanner({ conversation }: { conversation: Conversation }) {
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
        <strong className="font-semibold">
          <UserText>{name}</UserText>
        </strong>{' '}
        is answering this conversation
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
}

const ITEM =
  'flex min-h-8 cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-surface';

/** Hands the thread to one of the workspace's AI agents. */
export function AiMenu({ conversation }: { conversation: Conversation }) {
  const team = useQuery(teamQuery());
  const agentId = useAiAgentId(conversation);
  const assign = useAssignAgent(conversation.id);
  const agents = team.data?.aiAgents ?? [];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Hand to an AI agent"
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-border bg-raised px-2.5 text-[13px] hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
      >
        <Bot size={14} aria-hidden />
        <span>AI</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-md border border-border bg-raised p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs text-muted">
            Let an AI agent answer
          </DropdownMenu.Label>
          {agents.map((agent) => (
            <DropdownMenu.Item
              key={agent.id}
              className={ITEM}
              disabled={agent.id === agentId}
              onSelect={() => assign.mutate({ agentId: agent.id })}
            >
              <span className="w-4">{agent.id === agentId ? <Check size={14} aria-hidden /> : null}</span>
              <UserText>{agent.name}</UserText>
            </DropdownMenu.Item>
          ))}
          {team.isSuccess && agents.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted">This workspace has no AI agents.</p>
          ) : null}
          {team.isPending ? <p className="px-2 py-1.5 text-sm text-muted">Loading the agents…</p> : null}
          {team.isError ? (
            <p role="alert" className="px-2 py-1.5 text-sm text-danger">
              The AI agents could not be loaded.
            </p>
          ) : null}
          {agentId !== null ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Item className={ITEM} onSelect={() => assign.mutate({ agentId: null })}>
                <span className="w-4" />
                Take over from the AI
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
