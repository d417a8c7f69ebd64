import type { FastifyInstance, HTTPMethods } from 'fastify';
import { http, type HttpHandler } from 'msw';

// jsdom's fetch reaches the real BFF through msw: each call to the BFF's origin becomes an
// app.inject() with what a same-origin browser adds on its own (the session cookie,
// `Sec-Fetch-Site: same-origin`, `Origin` on state-changing calls) and nothing else, so roles,
// CSRF, validation and the error mapping hold in component tests as in the browser.

const METHODS = new Set<HTTPMethods>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const isMethod = (method: string): method is HTTPMethods => METHODS.has(method as HTTPMethods);

/** The BFF's own paths; anything else on the origin stays unhandled (an error in tests). */
const BFF_PATHS = /^\/(?:api|bff|auth)\//;

export interface BrowserTransport {
  /** The msw handler that forwards the page's calls to the BFF. */
  readonly handler: HttpHandler;
  /** Sends one call as the page would, through the same cookie jar. */
  send(request: Request): Promise<Response>;
  /** Forgets every cookie, as a new browser profile would. */
  clearCookies(): void;
  /** The jar as a Cookie header (null when empty), for a call that does not go through `send`: the live stream's. */
  cookieHeader(): string | null;
}

export function browserTransport(app: FastifyInstance, origin: string): BrowserTransport {
  // The browser's cookie jar for the BFF's origin: name to value.
  const jar = new Map<string, string>();
  const cookieHeader = (): string | null =>
    jar.size > 0 ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : null;

  const send = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (!isMethod(request.method)) return new Response(null, { status: 405 });
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    headers['host'] = url.host;
    headers['sec-fetch-site'] = 'same-origin';
    if (request.method !== 'GET' && request.method !== 'HEAD') headers['origin'] = origin;
    const cookie = cookieHeader();
    if (cookie !== null) headers['cookie'] = cookie;
    const body = Buffer.from(await request.arrayBuffer());
    const res = await app.inject({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body.length > 0 ? { payload: body } : {}),
    });
    for (const cookie of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      // Scripts never see Set-Cookie; the jar above has taken it.
      if (name === 'set-cookie' || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  };

  const handler = http.all(
    ({ request }) => {
      const url = new URL(request.url);
      return url.origin === origin && BFF_PATHS.test(url.pathname);
    },
    ({ request }) => send(request),
  );
  return { handler, send, clearCookies: () => jar.clear(), cookieHeader };
}
