import { http, type HttpHandler } from 'msw';
import type { Host } from '../src/contract/routes';
import { callStatsOf, createStatsHandlers, type CallStats } from './core/call-stats';
import { createControlHandlers } from './core/control-handlers';
import { below, toDispatchRequest, toHttpResponse } from './core/respond';
import type { Fake } from './fake';

const hostHandler = (fake: Fake, origin: string, host: Host, stats: CallStats) => {
  const basePath = `${new URL(origin).pathname.replace(/\/$/, '')}/${host}/api`;
  return http.all(below(`${origin}/${host}/api`), async ({ request }) => {
    stats.count(host, request, basePath);
    return toHttpResponse(await fake.dispatch(await toDispatchRequest(host, request, basePath)));
  });
};

/** Both hosts as the spec mounts them (`/social/api`, `/crm/api`) plus the `/__fake/*` control surface. */
export function createUpstreamHandlers(fake: Fake, { origin }: { origin: string }): HttpHandler[] {
  const stats = callStatsOf(fake);
  return [
    hostHandler(fake, origin, 'social', stats),
    hostHandler(fake, origin, 'crm', stats),
    ...createStatsHandlers(stats, origin),
    ...createControlHandlers(fake, origin),
  ];
}
