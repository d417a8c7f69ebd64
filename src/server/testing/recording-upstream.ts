import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for both upstream hosts that records exactly what reached it, so a test can prove
// what the BFF forwarded (and that it forwarded nothing).

export interface RecordedRequest {
  readonly method: string;
  /** The raw request target as it arrived, still percent-encoded. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export type Responder = (req: RecordedRequest, res: ServerResponse) => void;

export interface RecordingUpstream {
  readonly origin: string;
  readonly socialBase: string;
  readonly crmBase: string;
  readonly requests: RecordedRequest[];
  respondWith(responder: Responder): void;
  close(): Promise<void>;
}

export const defaultResponder: Responder = (req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'set-cookie': 'upstream_session=abc; Path=/',
    'x-powered-by': 'upstream',
    'x-request-id': 'upstream-req-1',
  });
  res.end(JSON.stringify({ ok: true, url: req.url }));
};

export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const requests: RecordedRequest[] = [];
  let responder = defaultResponder;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      responder(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    socialBase: `${origin}/social/api`,
    crmBase: `${origin}/crm/api`,
    requests,
    respondWith: (r) => {
      responder = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
