// What can go wrong when the BFF reads the upstream for itself. The sync decides what to do by kind:
// hold every reader on `rate-limited`, say `key-refused` or `unreachable` on the stream, skip a
// `malformed` answer, back off on the rest.

export type UpstreamErrorKind =
  /** 429: the key's rate limit; `retryAfterMs` from the answer's Retry-After when it had one. */
  | 'rate-limited'
  /** 401: the workspace key was refused (revoked, expired, wrong). */
  | 'key-refused'
  /** No connection, or the connection broke. */
  | 'unreachable'
  /** No answer within UPSTREAM_TIMEOUT_MS. */
  | 'timeout'
  /** A 2xx whose body is not JSON or fails the route's response schema. */
  | 'malformed'
  /** Any other status (4xx, 5xx). */
  | 'http';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    readonly routeId: string,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
    /** The error body's `message` as a list, when the upstream sent one (a 400's field errors). */
    readonly detail: readonly string[] = [],
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}
