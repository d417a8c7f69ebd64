import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { FakeError } from './core/errors';
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
  /**
   * `live` (default): real time drives the clock, so the demo's statuses move on their own.
   * `frozen`: time moves only through `/__fake/clock`, as e2e tests need for exact ticks.
   */
  clock?: 'live' | 'frozen';
}

/** Larger bodies are refused with a 413 before they fill the memory of a test machine. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** The request body, or null once it grows past MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
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
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify(new FakeError(status, message).toBody()));
}

/**
 * The fake upstream over real HTTP on loopback (demo mode of the BFF, e2e): each request becomes a
 * fetch Request answered by the same msw handlers Vitest uses. Port 0 picks a free port.
 */
export async function startFakeUpstream(opts: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const host = opts.host ?? '127.0.0.1';
  const fake = createFake({
    ...(opts.clock === 'frozen' ? {} : { now: () => Date.now() }),
    chatter: opts.chatter ?? false,
    ...(opts.scale ? { scale: opts.scale } : {}),
  });
  // Seed now rather than on the first request, so a benchmark's first call does not pay for it.
  fake.workspace();
  let handlers: ReturnType<typeof createUpstreamHandlers> = [];
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      try {
        const body = await readBody(req);
        if (body === null)
          return sendError(res, 413, `The request body must not be larger than ${MAX_BODY_BYTES} bytes`);
        const request = toRequest(req, origin, body);
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
