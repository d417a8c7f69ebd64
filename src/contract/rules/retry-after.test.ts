import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads delta-seconds, decimals included, and HTTP dates (a past one as 0)', () => {
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs(' 0.5 ', now)).toBe(500);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(['3', '9'], now)).toBe(3_000);
  });
  it('gives null for nothing or something unreadable', () => {
    for (const value of ['soon', '', '  ', '-1', null, undefined, []])
      expect(retryAfterMs(value, now)).toBeNull();
  });
});
