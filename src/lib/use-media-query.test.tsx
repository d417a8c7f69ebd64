import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

/** A matchMedia whose answer the test changes, telling listeners as a browser does. */
function fakeScreen(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return matches;
        },
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      }) as unknown as MediaQueryList,
  );
  return {
    set(next: boolean) {
      matches = next;
      listeners.forEach((fn) => fn());
    },
    listeners,
  };
}

function Pane() {
  return <p>{useMediaQuery('(min-width: 1280px)') ? 'wide' : 'narrow'}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('useMediaQuery', () => {
  it('answers the query now and again when the window crosses it', () => {
    const screenSize = fakeScreen(false);
    const { unmount } = render(<Pane />);
    expect(screen.getByText('narrow')).toBeInTheDocument();
    act(() => screenSize.set(true));
    expect(screen.getByText('wide')).toBeInTheDocument();
    unmount();
    expect(screenSize.listeners.size).toBe(0);
  });
});
