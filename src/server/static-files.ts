import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Id } from '../contract/common';
import { SCREEN_ROUTES_BY_ID } from '../contract/routes/screens';
import { sendBffError } from './bff-error';

// The built SPA, compressed at build time. Vite fingerprints everything under /assets/, so those are cached for a year;
// index.html must be revalidated so a deploy is picked up at the next navigation.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NEVER_FALL_BACK = /^\/(?:api|bff|auth)(?:\/|$)/;

/**
 * The signed-in app's first call (src/data/workspace.ts), fetched by the browser while it is still
 * downloading the scripts instead of after running them: one round trip less before a screen can
 * paint on a slow network. Same URL, mode and credentials as the app's fetch, so the browser hands
 * the app the preloaded answer.
 */
export const WORKSPACE_PRELOAD = '</bff/workspace>; rel=preload; as=fetch; crossorigin';

/**
 * A thread opened by its address (a link from a notification, a reload): its screen read goes out
 * with the workspace's, not after the scripts have run and the workspace has answered. The URL is
 * the one the app asks for (src/data/thread-screen.ts), so the browser hands over the answer.
 */
export const threadPreload = (id: string): string =>
  `<${SCREEN_ROUTES_BY_ID['screens.thread'].path}?${new URLSearchParams({ id }).toString()}>; rel=preload; as=fetch; crossorigin`;
const THREAD_PAGE = /^\/inbox\/([^/]+)$/;

/** The one page that does not read the workspace. */
const SIGN_IN_PAGE = '/sign-in';

export interface StaticOptions {
  /** The session cookie's name: a page asked for with one gets the workspace preload. */
  readonly sessionCookie?: string;
}

export function registerStatic(app: FastifyInstance, staticDir: string, opts: StaticOptions = {}): void {
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

  const sendIndex = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    // Only with a session: a signed-out visitor's preload would be a 401 nobody reads (and a cache
    // that handed this header to one would cost that visitor one such 401, nothing more).
    const page = request.url.split('?', 1)[0];
    if (opts.sessionCookie && request.cookies[opts.sessionCookie] && page !== SIGN_IN_PAGE) {
      const thread = THREAD_PAGE.exec(page ?? '')?.[1];
      // Only an id the app would read: nothing else from the address reaches a header.
      const links =
        thread && Id.safeParse(thread).success
          ? [WORKSPACE_PRELOAD, threadPreload(thread)]
          : [WORKSPACE_PRELOAD];
      reply.header('link', links.join(', '));
    }
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
  };

  if (hasIndex) app.get('/', sendIndex);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      hasIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml &&
      !NEVER_FALL_BACK.test(path)
    ) {
      return sendIndex(request, reply);
    }
    return sendBffError(reply, 404, 'Not found');
  });
}
