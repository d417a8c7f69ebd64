import { setImmediate as nextTurn } from 'node:timers/promises';

// Work over many items (an import's 50,000 rows) done a slice at a time: after each slice of about
// SLICE_MS the event loop runs whatever waits (other requests, /healthz, the live stream) before
// the next slice. The whole costs the same; no single turn holds the loop for long.

/** Long enough that the yields cost little; short enough that no request waits noticeably. */
export const SLICE_MS = 8;

/** Calls `each` on every item in order, yielding to the event loop every SLICE_MS; `each` may
 *  return false to stop early. */
export async function inSlices<T>(
  items: readonly T[],
  each: (item: T, index: number) => boolean | void,
  sliceMs = SLICE_MS,
): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (each(items[i]!, i) === false) return;
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}
