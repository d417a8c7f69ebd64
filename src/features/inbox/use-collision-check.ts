import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Message } from '@/contract';
import { flattenMessages, messageKeys, type MessagesData } from '@/data/messages';

/**
 * What arrived in the thread since the person began typing this reply (a message from the
 * contact, or a teammate's reply), judged by the messages this tab held when typing began, so no
 * clock is compared. This tab's own sends clear the text, so a new reply starts a new check.
 */
export function useCollisionCheck(conversationId: string, text: string) {
  const queryClient = useQueryClient();
  const heldAtStart = useRef<Set<string> | null>(null);
  const held = useCallback(
    () => flattenMessages(queryClient.getQueryData<MessagesData>(messageKeys.thread(conversationId))),
    [queryClient, conversationId],
  );
  const snapshot = useCallback(() => {
    heldAtStart.current = new Set(held().map((m) => m.id));
  }, [held]);
  const empty = text.trim() === '';
  useEffect(() => {
    if (empty) heldAtStart.current = null;
    else if (heldAtStart.current === null) snapshot();
  }, [empty, snapshot]);

  /** Messages that came in since typing began, newest first. */
  const arrivedSince = useCallback((): Message[] => {
    const start = heldAtStart.current;
    return start === null ? [] : held().filter((m) => !start.has(m.id));
  }, [held]);
  return { arrivedSince, acknowledge: snapshot };
}

/** How a collision is said: from whom the new messages came. */
export function collisionText(arrived: readonly Message[]): string {
  const fromContact = arrived.some((m) => m.direction === 'inbound');
  const fromTeam = arrived.some((m) => m.direction === 'outbound');
  const who =
    fromContact && fromTeam
      ? 'The contact wrote and a teammate replied'
      : fromContact
        ? `The contact wrote ${arrived.length === 1 ? 'a new message' : `${String(arrived.length)} new messages`}`
        : 'A teammate replied';
  return `${who} since you started typing.`;
}
