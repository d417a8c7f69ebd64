import { useEffect, useLayoutEffect, useRef } from 'react';

// Where a scrolling list or page was when it was left, by a name its caller gives (the list and its
// filters), so coming back to it (Back, or its link again) shows the same place. In memory for the
// tab's life: a reload starts at the top. It stands in for the router's own restoration, which is
// off (see router.tsx).
const places: Record<string, number> = {};

/**
 * A ref for a scroll container that is always rendered. Its offset, as its scroll events report
 * it (never read as it unmounts, which would force a layout), is kept when it unmounts, and set
 * again once when it is next mounted and `ready`: its content rendered, so the offset is not cut
 * short.
 */
export function useScrollMemory<T extends HTMLElement>(name: string, ready = true) {
  const ref = useRef<T>(null);
  const restored = useRef(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let top = places[name] ?? 0;
    const onScroll = () => {
      top = element.scrollTop;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      places[name] = top;
    };
  }, [name]);
  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const top = places[name];
    if (top && ref.current) ref.current.scrollTop = top;
  }, [ready, name]);
  return ref;
}
