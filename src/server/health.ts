import type { FastifyInstance } from 'fastify';
import type { Dispatcher } from 'undici';
import { buildPath, ROUTES_BY_ID, type RouteId } from '../contract/routes';
import type { UpstreamConfig } from './config';
import type { Store } from './kv/store';

// Readiness probes each upstream with a cheap authenticated read, so a wrong key or tenant shows
// up here and not at the first user's click. Anyone may call /readyz (load balancers do not sign
// in), so the probe spends the workspace's key at most once per interval however often it is
// asked: concurrent callers share one probe in flight, later ones its answer until the interval
// ends. The answer says ready or not, nothing more; which upstream failed and why (a refused key)
// goes to the log only. The store is asked on every call: it is ours, local and cheap.
const PROBES: readonly { name: 'social' | 'crm'; routeId: RouteId }[] = [
  { name: 'social', routeId: 'channels.list' },
  { name: 'crm', routeId: 'leadStages.list' },
];

export const READY_TIMEOUT_MS = 2000;

export interface HealthOptions {
  readonly upstream: UpstreamConfig;
  readonly dispatcher: Dispatcher;
  readonly store: Store;
  /** How long one upstream probe's answer is reused (READY_PROBE_INTERVAL_MS). */
  readonly intervalMs: number;
  readonly clock: () => number;
  readonly readyTimeoutMs?: number;
  /** The team database's check (store/store-readiness.ts); absent: not part of readiness. */
  readonly databaseReady?: () => Promise<boolean>;
}

type ProbeResult = 'ok' | 'refused-key' | 'unavailable';

export function registerHealth(app: FastifyInstance, opts: HealthOptions): void {
  const timeout = opts.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const { upstream, dispatcher, store, clock } = opts;

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

  /** Probes both upstreams; logs what failed (never the key) and says whether both are fine. */
  const probeUpstreams = async (): Promise<boolean> => {
    const results = await Promise.all(PROBES.map((p) => probe(p.name, p.routeId)));
    const ready = results.every((r) => r === 'ok');
    if (!ready) {
      const upstreams = Object.fromEntries(PROBES.map((p, i) => [p.name, results[i]]));
      app.log.warn({ upstreams }, 'readiness: upstream not ready');
    }
    return ready;
  };

  let upstreamAnswer: { readonly ready: Promise<boolean>; readonly at: number } | null = null;
  const upstreamReady = (): Promise<boolean> => {
    const now = clock();
    // The interval counts from when a probe started, so a slow probe is not repeated at once.
    if (upstreamAnswer === null || now - upstreamAnswer.at >= opts.intervalMs) {
      upstreamAnswer = { ready: probeUpstreams(), at: now };
    }
    return upstreamAnswer.ready;
  };

  let storeWasOk = true;
  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const [storeOk, upstreamOk, databaseOk] = await Promise.all([
      store.isHealthy(),
      upstreamReady(),
      opts.databaseReady?.() ?? true,
    ]);
    // Logged when it changes, not at every call: anyone may call this as often as they like.
    if (storeOk !== storeWasOk) {
      storeWasOk = storeOk;
      if (storeOk) app.log.info('readiness: session store answering again');
      else app.log.warn('readiness: session store not answering');
    }
    const ready = storeOk && upstreamOk && databaseOk;
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'unavailable' });
  });
}
