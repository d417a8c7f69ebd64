import { WIDER_THAN, useMediaQuery } from '@/lib/use-media-query';

/** Whether the inbox's path opens something beside the list (a thread, a new conversation). */
export const opensBesideList = (pathname: string): boolean => !/^\/inbox\/?$/.test(pathname);

// The thread list is on screen always on a wide window, and on a narrow one (one pane at a time)
// only when nothing else is open. One rule, asked two ways:

const listShown = (pathname: string, wide: boolean): boolean => wide || !opensBesideList(pathname);

/** Now, once: the route's loader, before reading the list. */
export const listShownAt = (pathname: string): boolean =>
  listShown(pathname, window.matchMedia(WIDER_THAN.md).matches);

/** In render, following the window as it resizes: the layout, to leave the list out. */
export function useListShown(pathname: string): boolean {
  return listShown(pathname, useMediaQuery(WIDER_THAN.md));
}
