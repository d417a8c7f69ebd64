import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's items to render: the first `first` at once, then all of them in a
 * transition, which React renders in slices between frames. A list's first paint then costs what
 * a screenful costs, and the rows below the fold never make one long task of it.
 */
export function useStagedCount(total: number, first: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all && total > first) startTransition(() => setAll(true));
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}
