import { Virtualizer, observeElementOffset } from '@tanstack/react-virtual';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLayout } from './virtual-after-layout';

/** Observers made, to report a layout when the test says so (jsdom lays nothing out). */
let observers: { callback: ResizeObserverCallback; targets: Element[] }[] = [];
class ManualResizeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {}
}
const report = (target: Element, blockSize?: number) => {
  for (const o of observers.filter((x) => x.targets.includes(target))) {
    const entry = {
      target,
      borderBoxSize: blockSize === undefined ? undefined : [{ blockSize, inlineSize: 300 }],
    };
    o.callback([entry as unknown as ResizeObserverEntry], {} as ResizeObserver);
  }
};

/** A scroll box whose size and scroll reads and writes are counted: each would be a layout. */
function scrollBox() {
  const el = document.createElement('div');
  const reads = { size: 0 };
  Object.defineProperty(el, 'clientHeight', { get: () => (reads.size++, 500) });
  Object.defineProperty(el, 'clientWidth', { get: () => (reads.size++, 300) });
  Object.defineProperty(el, 'scrollHeight', { get: () => (reads.size++, 4000) });
  el.scrollTo = vi.fn() as typeof el.scrollTo;
  document.body.append(el);
  return { el, reads };
}

function row(index: number) {
  const node = document.createElement('div');
  node.dataset['index'] = String(index);
  const reads = { height: 0 };
  Object.defineProperty(node, 'offsetHeight', { get: () => (reads.height++, 90) });
  return { node, reads };
}

const original = globalThis.ResizeObserver;
beforeEach(() => {
  globalThis.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
  vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
});
afterEach(() => {
  globalThis.ResizeObserver = original;
  vi.useRealTimers();
  observers = [];
  document.body.replaceChildren();
});

function start(el: HTMLDivElement, initialOffset = 2000) {
  const virtualizer = new Virtualizer<HTMLDivElement, HTMLDivElement>({
    count: 100,
    getScrollElement: () => el,
    estimateSize: () => 40,
    initialOffset,
    onChange: () => undefined,
    observeElementOffset,
    ...afterLayout<HTMLDivElement, HTMLDivElement>({ width: 320, height: 480 }),
  });
  // What the React adapter does when the list mounts (in its layout effect, inside the commit).
  virtualizer._didMount();
  virtualizer._willUpdate();
  return virtualizer;
}

describe('afterLayout', () => {
  it('starts from the known box and scrolls in the next frame, reading no size in the commit', () => {
    const { el, reads } = scrollBox();
    const virtualizer = start(el);
    virtualizer.getVirtualItems();
    expect(virtualizer.scrollRect?.height).toBe(480);
    expect(reads.size).toBe(0);
    expect(el.scrollTo).not.toHaveBeenCalled();

    vi.advanceTimersToNextFrame();
    expect(el.scrollTo).toHaveBeenCalledWith({ top: 2000, behavior: undefined });

    // The box's observer reports after the browser's layout: the real size replaces the known one.
    report(el);
    expect(virtualizer.scrollRect?.height).toBe(500);
  });

  it('does not scroll a list that starts at the top, where a new box already is', () => {
    const { el } = scrollBox();
    const virtualizer = start(el, 0);
    vi.advanceTimersToNextFrame();
    expect(el.scrollTo).not.toHaveBeenCalled();
    virtualizer.scrollToOffset(120);
    expect(el.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 120 }));
  });

  it('scrolls at once after the first time', () => {
    const { el } = scrollBox();
    const virtualizer = start(el);
    vi.advanceTimersToNextFrame();
    virtualizer.scrollToOffset(120);
    expect(el.scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 120 }));
  });

  it('gives a mounted row its estimate, then the size its observer reports', () => {
    const { el } = scrollBox();
    const virtualizer = start(el);
    const { node, reads } = row(3);
    el.append(node);
    virtualizer.measureElement(node);
    expect(reads.height).toBe(0);
    expect(virtualizer.getTotalSize()).toBe(100 * 40);

    report(node, 72);
    expect(virtualizer.getTotalSize()).toBe(99 * 40 + 72);
    // Mounted again (a re-render): the size it has, still without reading it.
    virtualizer.measureElement(node);
    expect(reads.height).toBe(0);
    expect(virtualizer.getTotalSize()).toBe(99 * 40 + 72);
  });
});
