import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '@/test/fake-intersection-observer';
import { useSeen } from './use-seen';

function Probe({ initial, margin }: { initial?: boolean; margin?: string }) {
  const [ref, seen] = useSeen<HTMLDivElement>({
    initial,
    margin,
    root: (element) => element.closest('[data-scroller]'),
  });
  return (
    <div ref={ref} data-testid="probe">
      {seen ? 'seen' : 'not yet'}
    </div>
  );
}

describe('useSeen', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('turns true when the element comes into view within its root and margin, and stays true', () => {
    render(
      <div data-scroller>
        <Probe margin="0px 300px" />
      </div>,
    );
    const probe = screen.getByTestId('probe');
    expect(probe).toHaveTextContent('not yet');
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.root).toBe(probe.parentElement);
    expect(observer?.rootMargin).toBe('0px 300px');

    act(() => FakeIntersectionObserver.show(probe, false));
    expect(probe).toHaveTextContent('not yet');
    act(() => FakeIntersectionObserver.show(probe));
    expect(probe).toHaveTextContent('seen');
    // Seen once is enough: nothing watches it any more.
    expect(FakeIntersectionObserver.watching(probe)).toBe(false);
  });

  it('starts seen when told to, and then observes nothing', () => {
    render(<Probe initial />);
    expect(screen.getByTestId('probe')).toHaveTextContent('seen');
    expect(FakeIntersectionObserver.watching(screen.getByTestId('probe'))).toBe(false);
  });

  it('counts everything as seen without an IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('seen');
  });
});
