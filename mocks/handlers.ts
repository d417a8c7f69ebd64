import { http, type HttpHandler } from 'msw';
import type { Host } from '../src/contract/routes';
import { createControlHandlers } from './core/control-handlers';
import { below, toDispatchRequest, toHttpResponse } from './core/respond';
import type { Fake } from './fake';

const hostHandler = (fake: Fake, origin: string, host: Host) => {
  const basePath = `${new URL(origin).pathname.replace(/\/$/, '')}/${host}/api`;
  return http.all(below(`${origin}/${host}/api`), async ({ request }) =>
    toHttpResponse(await fake.dispatch(await toDispatchRequest(host, request, basePath))),
  );
};

/** Both hosts as the spec mounts them (`/social/api`, `/crm/api`) plus the `/__fake/*` control surface. */
export function createUpstreamHandlers(fake: Fake, { origin }: { origin: string }): HttpHandler[] {
  return [
    hostHandler(fake, origin, 'social'),
    hostHandler(fake, origin, 'crm'),
    ...createControlHandlers(fake, origin),
  ];
}
