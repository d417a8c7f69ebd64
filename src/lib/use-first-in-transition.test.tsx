import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstInTransition } from './use-first-in-transition';

describe('useFirstInTransition', () => {
  it('holds the first value back for one transition, then passes every value at once', async () => {
    const seen: (string | undefined)[] = [];
    const { result, rerender } = renderHook(
      ({ value }: { value: string | undefined }) => {
        const shown = useFirstInTransition(value);
        seen.push(shown);
        return shown;
      },
      { initialProps: { value: undefined as string | undefined } },
    );
    expect(result.current).toBeUndefined();

    // The data arrives: the render it arrives in still shows the placeholder...
    seen.length = 0;
    await act(async () => rerender({ value: 'board' }));
    expect(seen[0]).toBeUndefined();
    // ...and the transition after it shows the data.
    expect(result.current).toBe('board');

    // Later values show in the very render they arrive in.
    seen.length = 0;
    rerender({ value: 'moved' });
    expect(seen).toEqual(['moved']);
  });

  it('shows a value there from the start after one transition', async () => {
    const { result } = renderHook(() => useFirstInTransition('ready'));
    await act(async () => undefined);
    expect(result.current).toBe('ready');
  });
});
