import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unreadQuery } from '@/data/unread';

const BASE_TITLE = 'Chatdesk';

/** The tab's title with the number of threads this agent has not read: "(3) Chatdesk". */
export const titleWithUnread = (total: number): string =>
  total > 0 ? `(${total > 99 ? '99+' : String(total)}) ${BASE_TITLE}` : BASE_TITLE;

/** Keeps the tab title's count current while signed in; back to the plain title on sign-out. */
export function useUnreadTitle(): number {
  const total = useQuery(unreadQuery()).data?.total ?? 0;
  useEffect(() => {
    document.title = titleWithUnread(total);
    return () => {
      document.title = BASE_TITLE;
    };
  }, [total]);
  return total;
}
