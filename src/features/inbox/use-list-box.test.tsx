import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useListBox, type ListBox } from './use-list-box';

function Probe({ known }: { known?: () => ListBox | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const box = useListBox(ref, known);
  return (
    <div ref={ref} style={{ width: 320 }}>
      <output>{box === null ? 'unknown' : `${String(box.width)}×${String(box.height)}`}</output>
    </div>
  );
}

/** Observers the hook made, to report a layout when the test says so (jsdom lays nothing out). */
let observers: { callback: ResizeObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
class ManualResizeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: ResizeObserverCallback) {
    this.entry = { callback, targets: [], disconnected: false };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.disconnected = true;
  }
}

const original = globalThis.ResizeObserver;
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
afterEach(() => {
  globalThis.ResizeObserver = original;
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
  observers = [];
});
const setClientWidth = (value: number) =>
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => value });
const setClientHeight = (value: number) =>
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => value });

describe('useListBox', () => {
  it('is unknown until the layout is reported, then the box’s size, and stops observing', () => {
    globalThis.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
    setClientWidth(320);
    setClientHeight(540);
    render(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent('unknown');
    expect(observers).toHaveLength(1);

    const [observer] = observers;
    act(() => observer!.callback([], {} as ResizeObserver));
    expect(screen.getByRole('status')).toHaveTextContent('320×540');
    expect(observer!.disconnected).toBe(true);
  });

  it('falls back on the window’s size when the box has none yet', () => {
    globalThis.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
    setClientWidth(0);
    setClientHeight(0);
    render(<Probe />);
    act(() => observers[0]!.callback([], {} as ResizeObserver));
    expect(screen.getByRole('status')).toHaveTextContent(
      `${String(window.innerWidth)}×${String(window.innerHeight)}`,
    );
  });

  it('measures at once where there is no ResizeObserver', () => {
    // @ts-expect-error: a browser without ResizeObserver
    delete globalThis.ResizeObserver;
    setClientWidth(280);
    setClientHeight(400);
    render(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent('280×400');
  });

  it('starts from a box known before the layout, then takes the measured one', () => {
    globalThis.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
    setClientWidth(356);
    setClientHeight(550);
    render(<Probe known={() => ({ width: 356, height: 823 })} />);
    expect(screen.getByRole('status')).toHaveTextContent('356×823');

    act(() => observers[0]!.callback([], {} as ResizeObserver));
    expect(screen.getByRole('status')).toHaveTextContent('356×550');
  });
});
