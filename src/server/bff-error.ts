import type { ErrorBody } from '../contract/common';

// decisions.md: errors the BFF makes itself carry `x-bff-error: 1`, so the client can tell them
// from the upstream's; the body is the spec's error body.

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const statusName = (status: number): string => STATUS_NAMES[status] ?? 'Error';

export function errorBody(statusCode: number, message: string | string[]): ErrorBody {
  return { statusCode, message, error: statusName(statusCode) };
}

/** The part of a reply an error needs; any Fastify reply, whatever its server type, fits. */
interface ReplyLike<R> {
  code(statusCode: number): R;
  header(name: string, value: string): R;
  type(contentType: string): R;
  send(payload?: unknown): R;
}

export function sendBffError<R extends ReplyLike<R>>(
  reply: R,
  statusCode: number,
  message: string | string[],
): R {
  return reply
    .code(statusCode)
    .header('x-bff-error', '1')
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(statusCode, message));
}

/** Every 429 and 503 the BFF makes goes through here, so none lacks `Retry-After` (whole seconds,
 *  at least 1) next to the error body and `x-bff-error`. */
export function sendRetryLater<R extends ReplyLike<R>>(
  reply: R,
  statusCode: 429 | 503,
  retryAfterMs: number,
  message: string,
): R {
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return sendBffError(reply, statusCode, message);
}
