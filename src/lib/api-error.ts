import type { ErrorBody } from '@/contract';

export type ApiErrorKind =
  | 'network'
  | 'unauthenticated'
  | 'missing-scope'
  | 'plan-limit'
  | 'forbidden'
  | 'not-found'
  | 'validation'
  | 'rate-limited'
  | 'upstream'
  | 'server'
  | 'bad-response';

/** Any failed call to the BFF, with the spec's error body when there was one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    /** True when the BFF refused the call itself (`x-bff-error: 1`), not the upstream. */
    readonly fromBff: boolean,
    message?: string,
    /** A 429's Retry-After in milliseconds, when it said one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message ?? ApiError.describe(status, body));
    this.name = 'ApiError';
  }

  static describe(status: number, body: ErrorBody | null): string {
    if (body) return Array.isArray(body.message) ? body.message.join('; ') : body.message;
    if (status === 0) return 'The server could not be reached. Check your connection and try again.';
    return `The request failed (${String(status)}).`;
  }

  get kind(): ApiErrorKind {
    const text = typeof this.body?.message === 'string' ? this.body.message : '';
    if (this.status === 0) return 'network';
    if (this.status === -1) return 'bad-response';
    if (this.status === 401) return 'unauthenticated';
    if (this.status === 403 && text.startsWith('Missing scope(s)')) return 'missing-scope';
    if (this.status === 403 && text.startsWith('Plan limit reached')) return 'plan-limit';
    if (this.status === 403) return 'forbidden';
    if (this.status === 404) return 'not-found';
    if (this.status === 400 || this.status === 422) return 'validation';
    if (this.status === 429) return 'rate-limited';
    if (this.status === 502 || this.status === 504) return 'upstream';
    return 'server';
  }

  /** Whether a read may be tried again: network errors, 429 and 5xx, never another 4xx. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  /**
   * Whether the call certainly had no effect, so even a write may be sent again: the BFF refused it
   * for the rate limit before forwarding it anywhere.
   */
  get refusedBeforeForwarding(): boolean {
    return this.status === 429 && this.fromBff;
  }

  /**
   * Whether a keyed send or create may have acted though no answer says so: the BFF's "outcome
   * unknown" (the upstream is slower than its timeout), or no answer at all. Asking again with the
   * same Idempotency-Key learns the outcome and never makes a second copy.
   */
  get outcomeUnknown(): boolean {
    return this.status === 0 || (this.status === 504 && this.body?.['outcome'] === 'unknown');
  }

  /** Words for a person: what happened and, where we can tell, what to do. */
  get userMessage(): string {
    switch (this.kind) {
      case 'network':
        return 'The server could not be reached. Check your connection and try again.';
      case 'missing-scope':
        return `The workspace's API key is not allowed to do this. ${this.message}`;
      case 'plan-limit':
        return `Your workspace has reached a plan limit. ${this.message.replace(/^Plan limit reached:\s*/, 'Limit: ')}`;
      case 'not-found':
        return 'This record is not in this workspace (it may have been deleted).';
      case 'unauthenticated':
        return 'Your session has ended. Please sign in again.';
      case 'rate-limited':
        return 'Too many requests. Wait a moment and try again.';
      case 'bad-response':
        return 'The server sent an answer this app does not understand.';
      default:
        return this.message;
    }
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
