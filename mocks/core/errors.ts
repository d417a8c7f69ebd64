/** The spec's error body (Part 7), thrown by implementations and turned into a response once. */
export const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export class FakeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | string[],
  ) {
    super(Array.isArray(detail) ? detail.join('; ') : detail);
  }

  toBody() {
    return {
      statusCode: this.statusCode,
      message: this.detail,
      error: STATUS_NAMES[this.statusCode] ?? 'Error',
    };
  }
}

export const notFound = (what: string) => new FakeError(404, `${what} not found`);
export const badRequest = (detail: string | string[]) => new FakeError(400, detail);

/** The record under `id`, or a 404 naming what was looked for (spec Part 7: not yours or not there). */
export function findOr404<T>(records: ReadonlyMap<string, T>, id: string | undefined, what: string): T {
  const record = id === undefined ? undefined : records.get(id);
  if (record === undefined) throw notFound(what);
  return record;
}
