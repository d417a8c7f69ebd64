import { useQuery } from '@tanstack/react-query';
import { Bot, ChevronDown, UserRound } from 'lucide-react';
import type { Conversation } from '@/contract';
import { teamQuery } from '@/data/session';
import { UserText } from '@/components/ui/user-text';

// What the thread header's menu buttons show, apart from their menus: the header draws these
// while the menus' code (Radix and its popper, about 30 KB) loads after the thread has painted.

export const MENU_TRIGGER =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-border bg-raised px-2.5 text-[13px] hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent';

/** The thread owner's name as the team knows it. */
export function useOwnerName(conversation: Conversation): string {
  const team = useQuery(teamQuery());
  const ownerId = conversation.assigned_to_user_id ?? null;
  if (ownerId === null) return 'Unassigned';
  return team.data?.members.find((m) => m.id === ownerId)?.name ?? 'Someone outside the team';
}

export const ownerMenuLabel = (ownerName: string) => `Owner: ${ownerName}. Change owner`;

export function OwnerFace({ name }: { name: string }) {
  return (
    <>
      <UserRound size={14} aria-hidden />
      {/* On a phone the face alone (the menu's name says who owns the thread). */}
      <span className="hidden max-w-32 truncate sm:block">
        <UserText>{name}</UserText>
      </span>
      <ChevronDown size={14} aria-hidden className="hidden sm:block" />
    </>
  );
}

export const AI_MENU_LABEL = 'Hand to an AI agent';

export function AiFace() {
  return (
    <>
      <Bot size={14} aria-hidden />
      <span>AI</span>
    </>
  );
}
