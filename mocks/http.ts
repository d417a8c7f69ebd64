import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { createFake, type Fake } from './fake';
import { createUpstreamHandlers } from './handlers';

export interface FakeUpstream {
  origin: string;
  socialBase: string;
  crmBase: string;
  fake: Fake;
  close(): Promise<void>;
}

export interface FakeUpstreamOptions {
  host?: string;
  port?: number;
  scale?: number;
  chatter?: boolean;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toRequest(req: IncomingMessage, origin: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && body.length > 0;
  // The URL is built on our own origin, not the Host header, so the handlers always match.
  return new Request(`${origin}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (response.body) {
    for await (const chunk of response.body) res.write(chunk);
  }
  res.end();
}

function sendError(res: ServerResponse, status: number, message: string): void {
  const error = status === 404 ? 'Not Found' : 'Internal Server Error';
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ statusCode: status, message, error }));
}

/**
 * The fake upstream over real HTTP on loopback (demo mode of the BFF, e2e): each request becomes a
 * fetch Request answered by the same msw handlers Vitest uses. Port 0 picks a free port.
 */
export async function startFakeUpstream(opts: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const host = opts.host ?? '127.0.0.1';
  // Real time drives the clock here, so the demo's statuses move on their own.
  const fake = createFake({
    now: () => Date.now(),
    chatter: opts.chatter ?? false,
    ...(opts.scale ? { scale: opts.scale } : {}),
  });
  let handlers: ReturnType<typeof createUpstreamHandlers> = [];
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const request = toRequest(req, origin, await readBody(req));
        const response = await getResponse(handlers, request);
        if (!response)
          return sendError(res, 404, `Cannot ${req.method ?? 'GET'} ${new URL(request.url).pathname}`);
        await writeResponse(res, response);
      } catch (error) {
        console.error('fake upstream: request failed', error);
        if (!res.headersSent) sendError(res, 500, 'Internal server error');
        else res.end();
      }
    })();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 4010, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  origin = `http://${hostPart}:${port}`;
  handlers = createUpstreamHandlers(fake, { origin });
  return {
    origin,
    socialBase: `${origin}/social/api`,
    crmBase: `${origin}/crm/api`,
    fake,
    close: () =>
      new Promise<void>((resolve, reject) => {
        fake.dispose();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
