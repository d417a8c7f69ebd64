import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MAX_RETRIES = 3;

/**
 * Reads retry only network errors, 429 and 5xx, with exponential back-off; a 4xx is never
 * retried. Mutations are never retried automatically: a send must not go out twice.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error)) return error.retryable;
  return false;
}

export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 15_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
