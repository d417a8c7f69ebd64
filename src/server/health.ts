import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import { buildPath, ROUTES_BY_ID, type RouteId } from '../contract/routes';
import type { UpstreamConfig } from './config';

// Readiness probes each upstream with a cheap authenticated read, so a wrong key or tenant shows
// up here and not at the first user's click.
const PROBES: readonly { name: 'social' | 'crm'; routeId: RouteId }[] = [
  { name: 'social', routeId: 'channels.list' },
  { name: 'crm', routeId: 'leadStages.list' },
];

export const READY_TIMEOUT_MS = 2000;

export interface HealthOptions {
  readonly upstream: UpstreamConfig;
  readonly dispatcher: Dispatcher;
  readonly readyTimeoutMs?: number;
}

type ProbeResult = 'ok' | 'refused-key' | 'unavailable';

export function registerHealth(app: FastifyInstance, opts: HealthOptions): void {
  const timeout = opts.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const { upstream, dispatcher } = opts;

  const probe = async (name: 'social' | 'crm', routeId: RouteId): Promise<ProbeResult> => {
    const base = name === 'social' ? upstream.socialBaseUrl : upstream.crmBaseUrl;
    const url = new URL(base + buildPath(ROUTES_BY_ID[routeId]));
    try {
      const res = await dispatcher.request({
        origin: url.origin,
        path: url.pathname,
        method: 'GET',
        headers: {
          'x-api-key': upstream.apiKey,
          'x-tenant-id': upstream.tenantId,
          accept: 'application/json',
        },
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: AbortSignal.timeout(timeout),
      });
      await res.body.dump();
      if (res.statusCode === 401 || res.statusCode === 403) return 'refused-key';
      return res.statusCode >= 200 && res.statusCode < 300 ? 'ok' : 'unavailable';
    } catch {
      return 'unavailable';
    }
  };

  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const results = await Promise.all(PROBES.map((p) => probe(p.name, p.routeId)));
    const upstreams = Object.fromEntries(PROBES.map((p, i) => [p.name, results[i]]));
    const ready = results.every((r) => r === 'ok');
    if (!ready) request.log.warn({ upstreams }, 'not ready');
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'unavailable', upstreams });
  });
}
