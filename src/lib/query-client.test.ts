import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, retryDelay, shouldRetry, shouldRetryWrite } from './query-client';

const rateLimited = (fromBff: boolean, retryAfterMs: number | null = null) =>
  new ApiError(429, null, fromBff, undefined, retryAfterMs);

describe('query defaults', () => {
  it('retries reads on network errors and 5xx up to three times, never on other 4xx', () => {
    expect(shouldRetry(0, new ApiError(0, null, false))).toBe(true);
    expect(shouldRetry(2, new ApiError(502, null, true))).toBe(true);
    expect(shouldRetry(3, new ApiError(502, null, true))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, null, false))).toBe(false);
    expect(shouldRetry(0, new Error('parse'))).toBe(false);
  });

  it('keeps retrying a rate-limited read well past the usual three attempts', () => {
    expect(shouldRetry(3, rateLimited(true))).toBe(true);
    expect(shouldRetry(10, rateLimited(false))).toBe(true);
    expect(shouldRetry(12, rateLimited(true))).toBe(false);
  });

  it('waits as long as Retry-After says, else backs off exponentially with a ceiling', () => {
    expect(retryDelay(0, rateLimited(true, 3_000))).toBe(3_000);
    expect(retryDelay(5, rateLimited(true, 2_000))).toBe(2_000);
    expect(retryDelay(0, rateLimited(false))).toBe(1_000);
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(1, new ApiError(503, null, false))).toBe(2000);
    expect(retryDelay(10)).toBe(15_000);
  });

  it('retries a write only when the BFF refused it for the rate limit before forwarding it', () => {
    expect(shouldRetryWrite(0, rateLimited(true, 1_000))).toBe(true);
    expect(shouldRetryWrite(3, rateLimited(true))).toBe(false);
    // The upstream's 429, a 5xx or a network error may have been applied: a send must not go twice.
    expect(shouldRetryWrite(0, rateLimited(false))).toBe(false);
    expect(shouldRetryWrite(0, new ApiError(503, null, false))).toBe(false);
    expect(shouldRetryWrite(0, new ApiError(0, null, false))).toBe(false);
    const mutations = createQueryClient().getDefaultOptions().mutations;
    expect(mutations?.retry).toBe(shouldRetryWrite);
    expect(mutations?.retryDelay).toBe(retryDelay);
  });
});
