import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('query defaults', () => {
  it('retries reads on network errors, 429 and 5xx up to three times, never on other 4xx', () => {
    expect(shouldRetry(0, new ApiError(0, null, false))).toBe(true);
    expect(shouldRetry(2, new ApiError(502, null, true))).toBe(true);
    expect(shouldRetry(3, new ApiError(502, null, true))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, null, false))).toBe(false);
    expect(shouldRetry(0, new Error('parse'))).toBe(false);
  });

  it('backs off exponentially with a ceiling', () => {
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(1)).toBe(2000);
    expect(retryDelay(10)).toBe(15_000);
  });

  it('never retries mutations', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });
});
