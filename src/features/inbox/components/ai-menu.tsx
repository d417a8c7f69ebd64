import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { Conversation } from '@/contract';
import { teamQuery } from '@/data/session';
import { UserText } from '@/components/ui/user-text';
import { useAssignAgent } from '../api/conversation-actions';
import { useAiAgentId } from '../ai-state';
import { AI_MENU_LABEL, AiFace, MENU_TRIGGER } from './header-menu-faces';

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
      <DropdownMenu.Trigger aria-label={AI_MENU_LABEL} className={MENU_TRIGGER}>
        <AiFace />
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
