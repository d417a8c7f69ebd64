import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Message } from '@/contract';
import { markRead, refreshUnread, unreadQuery } from '@/data/unread';

/** How long a thread must be on screen, in a visible and focused tab, before it counts as read. */
export const READ_AFTER_MS = 1_000;

const onScreen = (): boolean => document.visibilityState === 'visible' && document.hasFocus();

/** Whether this tab is the one the person is looking at (visible and focused). */
function useOnScreen(): boolean {
  const [shown, setShown] = useState(onScreen);
  useEffect(() => {
    const update = () => setShown(onScreen());
    document.addEventListener('visibilitychange', update);
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
    };
  }, []);
  return shown;
}

/**
 * Marks the open thread read for this agent once its messages have been on screen for a moment in
 * the tab the person is looking at: a thread that merely loads, or sits in a background tab, stays
 * unread. New messages arriving while it is on screen are read the same way.
 */
export function useMarkReadWhenSeen(conversationId: string, messages: readonly Message[]): void {
  const queryClient = useQueryClient();
  const unread = useQuery(unreadQuery()).data?.threads[conversationId] ?? 0;
  const shown = useOnScreen();
  let upTo: string | undefined;
  for (const m of messages) if (upTo === undefined || m.created_at > upTo) upTo = m.created_at;
  useEffect(() => {
    if (!shown || unread === 0) return;
    const timer = setTimeout(() => {
      markRead(queryClient, conversationId, upTo).catch(() => refreshUnread(queryClient));
    }, READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown, unread, upTo, conversationId, queryClient]);
}
