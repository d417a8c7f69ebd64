import type { FastifyInstance } from 'fastify';

// Set on every response, the SPA's and the proxied API's alike. The app ships no inline script,
// so the CSP can forbid it; styles may be inline (component libraries set style attributes).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' https: data:",
  "media-src 'self' https:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "form-action 'self'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;

const HSTS = 'max-age=31536000; includeSubDomains';

/** For replies written outside the hook chain (Fastify's framework errors). */
export const SECURITY_HEADER_ENTRIES: readonly (readonly [string, string])[] =
  Object.entries(SECURITY_HEADERS);

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    // Only over HTTPS (directly, or behind a trusted proxy that says so): HSTS on plain HTTP is
    // ignored at best and locks a loopback demo out at worst.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
