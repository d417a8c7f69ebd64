import { CheckCircle2, RotateCcw } from 'lucide-react';
import type { Conversation } from '@/contract';
import { Button } from '@/components/ui/button';
import { useCloseConversation, useReopenConversation } from '../api/conversation-actions';

/** Close an open thread, or reopen a closed one. */
export function ThreadStatusActions({ conversation }: { conversation: Conversation }) {
  const close = useCloseConversation(conversation.id);
  const reopen = useReopenConversation(conversation.id);
  if (conversation.status === 'closed') {
    return (
      <Button size="sm" onClick={() => reopen.mutate()} disabled={reopen.isPending}>
        <RotateCcw size={14} aria-hidden />
        Reopen thread
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={() => close.mutate()} disabled={close.isPending}>
      <CheckCircle2 size={14} aria-hidden />
      Close thread
    </Button>
  );
}
