import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { parseConfig } from '../src/server/config';
import { EMPTY_TEAM } from '../src/server/team';

// The processes bff-overhead.ts measures, one per child process so the load generator, the
// server under test and the upstream do not share an event loop.

export const BENCH_PATH = '/v1/lead-stages';
export const BENCH_KEY = 'bench-key';
export const BENCH_TENANT = '11111111-1111-4111-8111-111111111111';
const PAYLOAD = JSON.stringify([
  { id: '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10', key: 'new', name: 'New', color: '#3b82f6', position: 0 },
]);

type Role = 'upstream' | 'bff' | 'bare';

async function startUpstream(): Promise<number> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(PAYLOAD) });
    res.end(PAYLOAD);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

async function startBff(upstreamOrigin: string): Promise<number> {
  const config = parseConfig({
    SOCIAL_BASE_URL: `${upstreamOrigin}/social/api`,
    CRM_BASE_URL: `${upstreamOrigin}/crm/api`,
    API_KEY: BENCH_KEY,
    TENANT_ID: BENCH_TENANT,
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
  });
  const app = await buildApp({ config, upstream: config.upstream!, team: EMPTY_TEAM });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** A pass-through proxy with node:http alone: the yardstick, with no checks at all. */
async function startBare(upstreamOrigin: string): Promise<number> {
  const target = new URL(upstreamOrigin);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const server = createServer((req, res) => {
    const upstreamReq = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: `/crm/api${(req.url ?? '/').replace(/^\/api\/crm/, '')}`,
        headers: { ...req.headers, host: target.host, 'x-api-key': BENCH_KEY, 'x-tenant-id': BENCH_TENANT },
        agent,
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    upstreamReq.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstreamReq);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

async function main(): Promise<void> {
  const role = process.argv[2] as Role;
  const upstreamOrigin = process.argv[3] ?? '';
  const port =
    role === 'upstream'
      ? await startUpstream()
      : role === 'bff'
        ? await startBff(upstreamOrigin)
        : await startBare(upstreamOrigin);
  process.send?.({ port });
}

if (process.send) void main();
