import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import type { Conversation } from '@/contract';
import { teamQuery } from '@/data/session';
import { UserText } from '@/components/ui/user-text';
import { useAssignAgent } from '../api/conversation-actions';
import { useAiAgentId } from '../ai-state';
import { HeaderMenu, MENU_ITEM, MenuReadState } from './header-menu';
import { AI_MENU_LABEL, AiFace } from './header-menu-faces';

/** Hands the thread to one of the workspace's AI agents. */
export function AiMenu({ conversation }: { conversation: Conversation }) {
  const team = useQuery(teamQuery());
  const agentId = useAiAgentId(conversation);
  const assign = useAssignAgent(conversation.id);
  const agents = team.data?.aiAgents ?? [];
  return (
    <HeaderMenu label={AI_MENU_LABEL} face={<AiFace />} heading="Let an AI agent answer">
      {agents.map((agent) => (
        <DropdownMenu.Item
          key={agent.id}
          className={MENU_ITEM}
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
      <MenuReadState read={team} loading="Loading the agents…" failed="The AI agents could not be loaded." />
      {agentId !== null ? (
        <>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => assign.mutate({ agentId: null })}>
            <span className="w-4" />
            Take over from the AI
          </DropdownMenu.Item>
        </>
      ) : null}
    </HeaderMenu>
  );
}
