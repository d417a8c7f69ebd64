import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, re-rendering when that changes. For what the layout
 * hides rather than merely restyles: a pane that CSS hides still costs its render, its reads and
 * its code, so a screen asks this and leaves it out (the context panel on a phone, the thread list
 * behind an open thread).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Tailwind's breakpoints, as the layout's classes use them. */
export const WIDER_THAN = { md: '(min-width: 768px)', xl: '(min-width: 1280px)' } as const;
