/** The BFF's own limits; operator settings (config.ts reads them from the environment, README
 *  lists them), these values are the defaults.
 *  - API calls per session: a token bucket of `apiBurst` refilled at `apiRatePerSecond`.
 *  - Sign-in: at most `loginAttemptsPerAccount` / `loginAttemptsPerAddress` password checks per
 *    `loginWindowMs` that did not succeed, counted before the check so parallel attempts cannot
 *    exceed them.
 *  - Password checks run at most `loginConcurrency` at a time (scrypt shares libuv's small thread
 *    pool with fs and dns); up to `loginQueue` more wait, the rest are refused at once. */
export interface RateLimits {
  readonly apiRatePerSecond: number;
  readonly apiBurst: number;
  readonly loginAttemptsPerAccount: number;
  readonly loginAttemptsPerAddress: number;
  readonly loginWindowMs: number;
  readonly loginConcurrency: number;
  readonly loginQueue: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  apiRatePerSecond: 20,
  apiBurst: 100,
  loginAttemptsPerAccount: 5,
  loginAttemptsPerAddress: 5,
  loginWindowMs: 15 * 60 * 1000,
  // Two of libuv's four threads: the other two stay free for static files and dns.
  loginConcurrency: 2,
  loginQueue: 32,
};
