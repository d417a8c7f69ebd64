import { HttpResponse, type HttpCustomPredicate } from 'msw';
import type { Host } from '../../src/contract/routes';
import type { DispatchRequest, DispatchResponse } from './dispatch';

/**
 * Matches every URL below `prefix` (an origin plus a path). A predicate rather than an msw path
 * pattern: msw decodes a wildcard's value and throws on a malformed escape such as `%ZZ`, which
 * would turn a client's bad path into a 500 before the dispatcher could answer it with a 400.
 */
export const below =
  (prefix: string): HttpCustomPredicate<Record<string, never>> =>
  ({ request }) =>
    request.url.startsWith(`${prefix}/`);

export function toHttpResponse(res: DispatchResponse): Response {
  if (res.status === 204) return new HttpResponse(null, { status: 204, headers: res.headers });
  return HttpResponse.json(res.body as Parameters<typeof HttpResponse.json>[0], {
    status: res.status,
    headers: res.headers,
  });
}

/** The dispatcher's view of a fetch Request whose path starts with `basePath`. */
export async function toDispatchRequest(
  host: Host,
  request: Request,
  basePath: string,
  headers: Headers = request.headers,
): Promise<DispatchRequest> {
  const url = new URL(request.url);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return {
    host,
    method: request.method,
    rawPath: url.pathname.slice(basePath.length) || '/',
    fullPath: url.pathname,
    search: url.searchParams,
    headers,
    bodyText: hasBody ? await request.text() : null,
  };
}
