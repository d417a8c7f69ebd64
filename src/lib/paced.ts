import { isApiError } from './api-error';
import { DEFAULT_RETRY_AFTER_MS, realClock, type Clock } from './rate-limit';

/**
 * Bulk jobs (moving every lead of a stage, saving a stage order, scanning a list) go through one
 * pacer each: calls are spaced to a modest rate, leaving the rest of the session's budget to the
 * screens still open; a 429 waits as long as the server asks and tries the same call again, for as
 * long as it takes, so a job never stops half-way on a rate limit. Network errors and 5xx are tried
 * again a few times with back-off; any other error ends the job. Tasks must be safe to repeat
 * (a PATCH that sets a value, a read).
 */

/** Half the BFF's sustained per-session rate (20 a second): the other half stays for the app. */
export const BULK_CALLS_PER_SECOND = 10;
const TRANSIENT_RETRIES = 3;

export interface PacerOptions {
  perSecond?: number;
  signal?: AbortSignal;
  /** Called with how long the job waits for the server (ms) when it starts waiting, null when it goes on. */
  onWait?: (ms: number | null) => void;
  clock?: Clock;
}

export interface Pacer {
  /** Runs one call in its turn, repeating it while the server says to wait (`signal` stops this call). */
  run<T>(task: () => Promise<T>, callSignal?: AbortSignal): Promise<T>;
}

const isTransient = (error: unknown) => isApiError(error) && (error.status === 0 || error.status >= 500);

export function createPacer({
  perSecond = BULK_CALLS_PER_SECOND,
  signal,
  onWait,
  clock = realClock,
}: PacerOptions = {}): Pacer {
  const spacing = 1000 / perSecond;
  let nextStart = 0;

  async function turn(stop: AbortSignal | undefined) {
    const now = clock.now();
    const start = Math.max(now, nextStart);
    nextStart = start + spacing;
    if (start > now) await clock.sleep(start - now, stop);
  }

  return {
    async run<T>(task: () => Promise<T>, callSignal?: AbortSignal): Promise<T> {
      const stop = callSignal ?? signal;
      let transient = 0;
      let waiting = false;
      for (;;) {
        if (signal?.aborted || callSignal?.aborted)
          throw new DOMException('The operation was aborted.', 'AbortError');
        await turn(stop);
        try {
          const result = await task();
          if (waiting) onWait?.(null);
          return result;
        } catch (error) {
          let wait: number;
          if (isApiError(error) && error.status === 429) {
            wait = error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
          } else if (isTransient(error) && transient < TRANSIENT_RETRIES) {
            transient += 1;
            wait = 1000 * 2 ** (transient - 1);
          } else {
            if (waiting) onWait?.(null);
            throw error;
          }
          waiting = true;
          onWait?.(wait);
          await clock.sleep(wait, stop);
        }
      }
    },
  };
}
