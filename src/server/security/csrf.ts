import type { FastifyRequest } from 'fastify';

// CSRF defence for a cookie-authenticated API (OWASP: custom request header plus origin check).
// A cross-site page can neither add `X-CSRF` without a CORS preflight (which this BFF never
// grants) nor forge `Origin`; SameSite=Strict on the cookie is a third layer.
//
// Which requests are checked is decided by the method alone, never by the URL's text: every
// method but GET, HEAD and OPTIONS, whatever the path. A test of the raw URL (`/auth/...`) was
// skipped by `/%61uth/logout`, `//auth/logout` or `/AUTH/logout`, which the router still matched.
// No route of this BFF takes a state-changing call from another site, so none needs an exception;
// a new one is protected without anyone having to remember it.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const needsCsrfCheck = (request: FastifyRequest): boolean => !SAFE_METHODS.has(request.method);

/** Why a state-changing request is refused, or null when it is same-origin with the header. */
export function csrfRefusal(request: FastifyRequest): string | null {
  if (request.headers['x-csrf'] !== '1') return 'Missing X-CSRF header';
  const origin = request.headers.origin;
  if (origin === undefined) {
    return request.headers['sec-fetch-site'] === 'same-origin' ? null : 'Cross-site request refused';
  }
  return sameOrigin(origin, request.protocol, request.host) ? null : 'Cross-site request refused';
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: ':80', https: ':443' };

function sameOrigin(origin: string, protocol: string, host: string): boolean {
  const defaultPort = DEFAULT_PORTS[protocol] ?? '';
  const strip = (h: string): string =>
    defaultPort && h.endsWith(defaultPort) ? h.slice(0, -defaultPort.length) : h;
  const expected = `${protocol}://${strip(host.toLowerCase())}`;
  const prefix = `${protocol}://`;
  const given = origin.toLowerCase();
  return given.startsWith(prefix) && `${prefix}${strip(given.slice(prefix.length))}` === expected;
}
