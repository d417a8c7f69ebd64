import { isApiError } from '@/lib/api-error';
import { retryDelay, shouldRetry } from '@/lib/query-client';

// A screen read (`/bff/screens/*`) answers 503 with Retry-After, from the BFF itself, while the
// sync's first full read of the workspace is under way: the screen waits it out (its pending
// screen stays) instead of failing. Other failures retry as every read does.

const LOADING_RETRIES = 30;
const LOADING_RETRY_MS = 2_000;
const stillLoading = (error: unknown) => isApiError(error) && error.status === 503 && error.fromBff;

export const screenRetry = {
  retry: (count: number, error: unknown) =>
    stillLoading(error) ? count < LOADING_RETRIES : shouldRetry(count, error),
  retryDelay: (attempt: number, error: unknown) =>
    stillLoading(error) ? LOADING_RETRY_MS : retryDelay(attempt, error),
};
