import { notifyManager } from '@tanstack/react-query';

let prompt = 0;

// TanStack Query tells a cache's observers in a later task (a zero timeout), so that a burst of
// writes renders once; between the two tasks a frame may paint, without the change. Set where
// `promptly` is first imported (the board's code), not in the app's shell: the same, but for it.
notifyManager.setScheduler((tell) => (prompt > 0 ? queueMicrotask(tell) : setTimeout(tell, 0)));

/**
 * Writes the cache and has the screens that show it render in this task, not the next: what a
 * person has just done (a card dropped in another column) belongs in the frame that ends their
 * gesture.
 */
export function promptly(write: () => void): void {
  prompt += 1;
  try {
    write();
  } finally {
    prompt -= 1;
  }
}
