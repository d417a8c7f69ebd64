import type { ReactNode } from 'react';
import { useStagedCount } from '@/lib/use-staged-count';

/**
 * Shows `fallback` first, then mounts `children` in a transition. The router renders a screen whose
 * data has landed in one task (its state is an external store, which React renders synchronously);
 * a transition is rendered in slices of a few milliseconds with the browser free between them, so
 * a phone opening a screen does not freeze while the whole page is built. Only the first mount
 * waits: later updates of the children render as usual. It is a list of one, staged.
 */
export function MountInSlices({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useStagedCount(1, 0) === 1 ? children : fallback;
}
