import { get } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingUpstream, type RecordingUpstream } from '../testing/recording-upstream';
import { buildTestApp } from '../testing/test-app';
import { TEST_USERS } from '../testing/test-users';

// Slowloris: a client that sends its headers or its body a byte at a time holds a socket (and
// memory) for as long as it likes unless the server sets a limit. These limits cover receiving
// a request only; a response that takes long to send (the live event stream) must not be cut.

const HEADERS_MS = 400;
const REQUEST_MS = 800;
const TRICKLE_EVERY_MS = 100;
/** A failure guard only: far more trickles than the limits allow. */
const MAX_TRICKLES = 100;

let upstream: RecordingUpstream;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  upstream = await startRecordingUpstream();
  app = await buildTestApp(upstream, {
    env: { HEADERS_TIMEOUT_MS: String(HEADERS_MS), REQUEST_TIMEOUT_MS: String(REQUEST_MS) },
  });
  // Stands in for the live event stream: a response that keeps sending after both limits.
  app.get('/test/slow-stream', (_request, reply) => {
    const stream = new PassThrough();
    let sent = 0;
    const timer = setInterval(() => {
      sent += 1;
      stream.write(`beat ${sent}\n`);
      if (sent === 6) {
        clearInterval(timer);
        stream.end();
      }
    }, 300);
    return reply.type('text/plain').send(stream);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

interface Trickled {
  /** Whether the server closed the connection before the client ran out of trickles. */
  readonly cutOff: boolean;
  readonly trickles: number;
  readonly response: string;
}

/** Sends `head` at once, then one `piece` every TRICKLE_EVERY_MS until the server closes. */
function trickle(head: string, piece: string): Promise<Trickled> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let trickles = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (response += d));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the server gave up is the server cutting us off too.
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ cutOff: trickles < MAX_TRICKLES, trickles, response });
    });
    socket.on('connect', () => {
      if (head) socket.write(head);
      timer = setInterval(() => {
        if (trickles >= MAX_TRICKLES) {
          clearInterval(timer);
          socket.destroy();
          return;
        }
        trickles += 1;
        if (piece && socket.writable) socket.write(piece);
      }, TRICKLE_EVERY_MS);
    });
  });
}

const expectRequestTimeout = (result: Trickled): void => {
  expect(result.cutOff, `still open after ${result.trickles} trickles`).toBe(true);
  // Node answers 408 when no response had started; a bare close is as good.
  if (result.response !== '') expect(result.response).toMatch(/^HTTP\/1\.1 408 /);
};

describe('slow clients are cut off', () => {
  it('headers trickled one line at a time', async () => {
    expectRequestTimeout(await trickle('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n'));
  });

  it('a connection that never sends anything', async () => {
    expectRequestTimeout(await trickle('', ''));
  });

  it('a body trickled a byte at a time after complete headers', async () => {
    const body = JSON.stringify({ username: TEST_USERS.agent.username, password: 'x' });
    const head = [
      'POST /auth/login HTTP/1.1',
      'Host: 127.0.0.1',
      'Origin: http://127.0.0.1',
      'X-CSRF: 1',
      'Content-Type: application/json',
      `Content-Length: ${body.length + 1000}`,
      '',
      '',
    ].join('\r\n');
    expectRequestTimeout(await trickle(head, ' '));
  });
});

describe('slow responses are not', () => {
  it('a response still streaming after both limits arrives whole', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/test/slow-stream`, (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (data += d));
        res.on('end', () => resolve(data));
        res.on('error', reject);
      }).on('error', reject);
    });
    expect(text).toBe(['beat 1', 'beat 2', 'beat 3', 'beat 4', 'beat 5', 'beat 6', ''].join('\n'));
  });
});
