import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { notify } from './notify';
import { DEFAULT_RETRY_AFTER_MS } from './rate-limit';

const MAX_RETRIES = 3;
/**
 * A 429 is the server asking to wait, not a failure: reads keep trying (each after its Retry-After,
 * behind the shared gate of rate-limit.ts) for well over a minute before giving up.
 */
const MAX_RATE_LIMITED_RETRIES = 12;

/**
 * Reads retry network errors and 5xx with exponential back-off (three times), and 429 for as long
 * as the server keeps asking to wait; another 4xx is never retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!isApiError(error) || !error.retryable) return false;
  return failureCount < (error.status === 429 ? MAX_RATE_LIMITED_RETRIES : MAX_RETRIES);
}

/**
 * Writes are sent again only when they certainly had no effect: the BFF's own 429, refused before
 * forwarding. Anything else could be applied already (a send must not go out twice).
 */
export function shouldRetryWrite(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.refusedBeforeForwarding && failureCount < MAX_RETRIES;
}

/** The server's Retry-After when it gave one, else exponential back-off with a ceiling. */
export function retryDelay(attempt: number, error?: unknown): number {
  if (isApiError(error) && error.status === 429) return error.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  return Math.min(1000 * 2 ** attempt, 15_000);
}

/**
 * Screens read with suspense, so a first read that fails is their route's (or section's) error
 * screen; a later refresh that fails keeps what is shown and says so here, once, updated in place.
 * A 401 goes to sign-in and a 429 has its own notice (rate-limit-toast.ts).
 */
export function reportRefreshFailure(error: unknown, hadData: boolean): void {
  if (!hadData) return;
  if (isApiError(error) && (error.status === 401 || error.status === 429)) return;
  notify.error('Some of what you see could not be refreshed', {
    id: 'refresh-failed',
    description: isApiError(error) ? error.userMessage : 'Showing what was read before.',
  });
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportRefreshFailure(error, query.state.data !== undefined),
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 15_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: shouldRetryWrite, retryDelay },
    },
  });
}
