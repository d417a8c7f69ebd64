import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useScrollMemory } from './use-scroll-memory';

// jsdom lays nothing out, so an element's scroll offset is whatever was set: kept per element here.
const offsets = new WeakMap<Element, number>();
const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop');
beforeAll(() =>
  Object.defineProperty(Element.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return offsets.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      offsets.set(this, value);
    },
  }),
);
afterAll(() => {
  if (original) Object.defineProperty(Element.prototype, 'scrollTop', original);
});
afterEach(cleanup);

function List({ name, ready = true }: { name: string; ready?: boolean }) {
  const ref = useScrollMemory<HTMLDivElement>(name, ready);
  return <div ref={ref} data-testid="list" />;
}

const list = () => screen.getByTestId('list');
const scrollTo = (top: number) => {
  list().scrollTop = top;
  fireEvent.scroll(list());
};

describe('useScrollMemory', () => {
  it('puts a list back where it was left, once its content is there', () => {
    const first = render(<List name="inbox open" />);
    scrollTo(1500);
    first.unmount();

    const back = render(<List name="inbox open" ready={false} />);
    // Its rows are not rendered yet: an offset set now would be cut short.
    expect(list().scrollTop).toBe(0);
    back.rerender(<List name="inbox open" ready />);
    expect(list().scrollTop).toBe(1500);
  });

  it('keeps each list’s place under its own name, and the last place it was left at', () => {
    const open = render(<List name="inbox open" />);
    scrollTo(300);
    open.unmount();
    const closed = render(<List name="inbox closed" />);
    expect(list().scrollTop).toBe(0);
    scrollTo(40);
    closed.unmount();

    const again = render(<List name="inbox open" />);
    expect(list().scrollTop).toBe(300);
    scrollTo(0);
    again.unmount();
    render(<List name="inbox open" />);
    expect(list().scrollTop).toBe(0);
  });

  it('sets the place once: scrolling after it is restored is the person’s', () => {
    const first = render(<List name="customers" />);
    scrollTo(200);
    first.unmount();
    const back = render(<List name="customers" />);
    expect(list().scrollTop).toBe(200);
    scrollTo(50);
    back.rerender(<List name="customers" ready />);
    expect(list().scrollTop).toBe(50);
  });
});
