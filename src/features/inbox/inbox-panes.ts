import { WIDER_THAN } from '@/lib/use-media-query';

/** Whether the inbox's path opens something beside the list (a thread, a new conversation). */
export const opensBesideList = (pathname: string): boolean => !/^\/inbox\/?$/.test(pathname);

/**
 * Whether the thread list is on screen at this path, now: always on a wide window, and on a narrow
 * one only when nothing else is open (it shows one pane). The route's loader asks it before reading
 * the list; the layout asks the same through useMediaQuery, to follow the window as it resizes.
 */
export const listShownAt = (pathname: string): boolean =>
  !opensBesideList(pathname) || window.matchMedia(WIDER_THAN.md).matches;
