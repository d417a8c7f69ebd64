import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's items to render: the first `first` at once, then the rest in transitions,
 * `step` more each (all of them by default). React renders a transition in slices between frames,
 * but commits it in one task: a step bounds that task, where a long list's rows would make one long
 * task of it. A list's first paint then costs what a screenful costs.
 */
export function useStagedCount(total: number, first: number, step = Infinity): number {
  // Infinity once every item has been shown: a list that grows later renders whole.
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    startTransition(() =>
      setShown((n) => {
        const next = Math.max(n, first) + step;
        return next >= total ? Infinity : next;
      }),
    );
  }, [shown, total, first, step]);
  return Math.min(total, Math.max(shown, first));
}
