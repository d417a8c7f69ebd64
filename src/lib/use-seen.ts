import { startTransition, useEffect, useRef, useState } from 'react';

interface SeenOptions {
  /** Seen from the start (what the first render should already show). */
  initial?: boolean;
  /**
   * The scrolling box to watch within, found from the element once it is mounted (the viewport
   * when none). A margin only widens what counts as seen inside the box that scrolls.
   */
  root?: (element: Element) => Element | null;
  /** How far outside the root still counts, as CSS margins ("0px 300px"). */
  margin?: string;
}

/**
 * True once the element has come on screen (or near it), and from then on: what is below the fold
 * or beside it renders, or reads, nothing until the person scrolls to it. Without an
 * IntersectionObserver (an old browser, jsdom) everything counts as seen.
 */
export function useSeen<T extends Element>({ initial = false, root, margin }: SeenOptions = {}) {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => initial || typeof IntersectionObserver === 'undefined');
  // The root finder is read once, when observing starts: callers pass an inline function.
  const findRoot = useRef(root);
  useEffect(() => {
    const node = ref.current;
    if (seen || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // What it reveals renders as a transition, in slices: several columns' cards can come
        // near in one scroll, and a render of them all at once was a long task.
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setSeen(true));
      },
      { root: findRoot.current?.(node) ?? null, rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen] as const;
}
