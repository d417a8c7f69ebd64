import { startTransition, useEffect, useState, type RefObject } from 'react';

/** A list's scroll box, as the first layout drew it. */
export interface ListBox {
  /** The width rows wrap in (no scroll bar): what the rows' height estimates are made for. */
  readonly width: number;
  /** The height of the visible part: the virtualizer's view until its own observer reports. */
  readonly height: number;
}

/**
 * The box of a list's scroll element once the screen has been laid out, or null until then; the
 * message list estimates its rows' heights from it and renders no row before it is known.
 *
 * A ResizeObserver reports right after the browser's own layout, so reading the box forces none
 * (reading it in a layout effect laid the whole screen out a second time, about 90 ms at 4x CPU).
 * The box is set in a transition: React renders the rows it unlocks in slices between frames,
 * instead of the screen's first paint (header, composer) and its rows being one long task.
 */
export function useListBox(
  scrollRef: RefObject<HTMLElement | null>,
  /** A box known before the list's own layout, if any: its rows then render at once. */
  known?: () => ListBox | null,
): ListBox | null {
  const [box, setBox] = useState<ListBox | null>(known ?? null);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measured = () => {
      const next = {
        width: el.clientWidth || window.innerWidth,
        height: el.clientHeight || window.innerHeight,
      };
      startTransition(() => setBox(next));
    };
    if (typeof ResizeObserver === 'undefined') return measured();
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      measured();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef]);
  return box;
}
