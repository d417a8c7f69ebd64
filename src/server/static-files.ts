import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendBffError } from './bff-error';

// The built SPA, compressed at build time. Vite fingerprints everything under /assets/, so those are cached for a year;
// index.html must be revalidated so a deploy is picked up at the next navigation.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NEVER_FALL_BACK = /^\/(?:api|bff|auth)(?:\/|$)/;

export function registerStatic(app: FastifyInstance, staticDir: string): void {
  const root = resolve(staticDir);
  const hasIndex = existsSync(resolve(root, 'index.html'));
  if (existsSync(root)) {
    app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies, chosen by Accept-Encoding (with Vary), never compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', /[\\/]assets[\\/]/.test(filePath) ? IMMUTABLE : REVALIDATE);
      },
    });
  } else {
    app.log.warn({ staticDir: root }, 'static directory missing: the SPA is not served');
  }

  const sendIndex = (reply: FastifyReply): FastifyReply =>
    reply.header('cache-control', REVALIDATE).sendFile('index.html');

  if (hasIndex) app.get('/', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      hasIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml &&
      !NEVER_FALL_BACK.test(path)
    ) {
      return sendIndex(reply);
    }
    return sendBffError(reply, 404, 'Not found');
  });
}
