/** API calls per session: a token bucket of `apiBurst` refilled at `apiRatePerSecond`. Sign-in:
 *  at most `loginFailures` failures per `loginWindowMs`, per account and per address. */
export interface RateLimits {
  readonly apiRatePerSecond: number;
  readonly apiBurst: number;
  readonly loginFailures: number;
  readonly loginWindowMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  apiRatePerSecond: 20,
  apiBurst: 100,
  loginFailures: 5,
  loginWindowMs: 15 * 60 * 1000,
};

export const retryAfterSeconds = (ms: number): string => String(Math.max(1, Math.ceil(ms / 1000)));
