import { CheckCircle2, RotateCcw } from 'lucide-react';
import type { Conversation } from '@/contract';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { useCloseConversation, useReopenConversation } from '../api/conversation-actions';

/** Close an open thread, or reopen a closed one. */
export function ThreadStatusActions({ conversation }: { conversation: Conversation }) {
  const close = useCloseConversation(conversation.id);
  const reopen = useReopenConversation(conversation.id);
  const can = useCan();
  if (conversation.status === 'closed') {
    if (!can('conversations.reopen')) return null;
    return (
      <Button
        size="sm"
        onClick={() => reopen.mutate()}
        disabled={reopen.isPending}
        aria-label="Reopen thread"
      >
        <RotateCcw size={14} aria-hidden />
        {/* A phone's header holds the icons alone; the button's name says what it does. */}
        <span className="hidden sm:inline">Reopen</span>
      </Button>
    );
  }
  if (!can('conversations.close')) return null;
  return (
    <Button size="sm" onClick={() => close.mutate()} disabled={close.isPending} aria-label="Close thread">
      <CheckCircle2 size={14} aria-hidden />
      <span className="hidden sm:inline">Close</span>
    </Button>
  );
}
