import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * The width of a list's scroll box once the screen has been laid out, or null until then; the
 * message list estimates its rows' heights from it and renders no row before it is known.
 *
 * A ResizeObserver reports right after the browser's own layout, so reading the width forces none
 * (reading it in a layout effect laid the whole screen out a second time, about 90 ms at 4x CPU).
 * The width is set in a transition: React renders the rows it unlocks in slices between frames,
 * instead of the screen's first paint (header, composer) and its rows being one long task.
 */
export function useListWidth(scrollRef: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measured = () => startTransition(() => setWidth(el.clientWidth || window.innerWidth));
    if (typeof ResizeObserver === 'undefined') return measured();
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      measured();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef]);
  return width;
}
