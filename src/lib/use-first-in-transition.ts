import { useStagedCount } from './use-staged-count';

/**
 * `undefined` until a transition has rendered with the first defined `value`, then `value` itself,
 * as it changes. Data that arrives from a query renders at once, in one task: a screen's first
 * render with it (a whole board) is the longest. Shown through this, that render is a transition,
 * which React renders in slices between which the browser can paint and answer input; later
 * changes (a move, a live update) render at once, as before. What shows until then is the caller's
 * placeholder. It is a list of one, staged: the same mechanism as `useStagedCount`'s long lists.
 */
export function useFirstInTransition<T>(value: T | undefined): T | undefined {
  return useStagedCount(value === undefined ? 0 : 1, 0) === 1 ? value : undefined;
}
