import { elementScroll, measureElement, type Virtualizer } from '@tanstack/react-virtual';

/** Virtualizers that have set their scroll position once. */
const scrolled = new WeakSet<object>();

/**
 * Options for a TanStack virtualizer that never reads a size in React's commit.
 *
 * By default the virtualizer reads its scroll box's rect when it starts, sets the box's scroll
 * position (its initial offset), and reads each row's height when the row mounts, all inside the
 * commit that inserted them: the browser must lay out the screen there and then, and the commit of
 * an opened thread (rows, header, composer) became one task of 60 to 90 ms. Here the box starts from
 * a size already known (the list's first layout), the first scroll waits for the next frame (before
 * it paints; none when it is to the top, where a new box is), and each row starts from its
 * estimate; the ResizeObservers report the true sizes right after the browser's own layout, and
 * the rows move to them in the next frame. The estimates are close, so that frame barely shows.
 */
export function afterLayout<S extends HTMLElement, I extends Element>(initial: {
  width: number;
  height: number;
}) {
  return {
    initialRect: initial,
    observeElementRect: (
      instance: Virtualizer<S, I>,
      report: (rect: { width: number; height: number }) => void,
    ) => {
      const el = instance.scrollElement;
      if (!el) return;
      // The box as the virtualizer reads it by default.
      const read = () => report({ width: el.clientWidth, height: el.clientHeight });
      if (typeof ResizeObserver === 'undefined') {
        read();
        return undefined;
      }
      // Called after layout, so reading the rect here costs no extra layout.
      const observer = new ResizeObserver(read);
      observer.observe(el);
      return () => observer.disconnect();
    },
    scrollToFn: (
      offset: number,
      options: { adjustments?: number; behavior?: ScrollBehavior },
      instance: Virtualizer<S, I>,
    ) => {
      const first = !scrolled.has(instance);
      scrolled.add(instance);
      // A new box is at the top already: a first scroll there has nothing to do.
      if (first && offset === 0 && !options.adjustments) return;
      if (!first || typeof requestAnimationFrame !== 'function') {
        elementScroll(offset, options, instance);
        return;
      }
      requestAnimationFrame(() => elementScroll(offset, options, instance));
    },
    measureElement: (el: I, entry: ResizeObserverEntry | undefined, instance: Virtualizer<S, I>) => {
      if (entry) return measureElement(el, entry, instance);
      // Mounted: its size is known already, or its estimate stands until its observer reports.
      const index = instance.indexFromElement(el);
      return (
        instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
      );
    },
  };
}
