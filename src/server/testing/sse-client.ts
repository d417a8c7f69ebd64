import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { LiveEvent } from '../../contract/events';

// A server-sent events client for tests: reads `GET /bff/events` over a real socket, frame by
// frame, and lets a test wait for what it expects.

export interface SseFrame {
  readonly id: string | null;
  /** Null for a comment (heartbeat) or a frame without data (retry). */
  readonly event: LiveEvent | null;
  readonly comment: string | null;
}

export interface SseClient {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly frames: SseFrame[];
  /** Events only, in order. */
  events(): LiveEvent[];
  /** The id of the newest frame that had one. */
  lastId(): string | null;
  /** Resolves once a frame matches (or rejects after `timeoutMs`, a failure guard only). */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** Resolves when the server ends or drops the stream. */
  readonly ended: Promise<void>;
  /** Stops reading from the socket (a client too slow to keep up). */
  pause(): void;
  close(): void;
}

function parseFrame(block: string): SseFrame {
  let id: string | null = null;
  let data: string | null = null;
  let comment: string | null = null;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment = line.slice(1).trim();
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data = (data === null ? '' : `${data}\n`) + line.slice(6);
  }
  return { id, comment, event: data === null ? null : LiveEvent.parse(JSON.parse(data)) };
}

export function openSse(
  origin: string,
  opts: { cookie?: string; lastEventId?: string; query?: string; acceptEncoding?: string } = {},
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const url = new URL(`/bff/events${opts.query ?? ''}`, origin);
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
    if (opts.acceptEncoding) headers['accept-encoding'] = opts.acceptEncoding;
    const req = request(url, { headers });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const frames: SseFrame[] = [];
      const waiters: { match: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void }[] = [];
      let buffer = '';
      let endResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = parseFrame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          frames.push(frame);
          for (const w of [...waiters])
            if (w.match(frame)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(frame);
            }
        }
      });
      res.on('end', endResolve);
      res.on('close', endResolve);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        events: () => frames.flatMap((f) => (f.event ? [f.event] : [])),
        lastId: () => [...frames].reverse().find((f) => f.id !== null)?.id ?? null,
        waitFor: (match, timeoutMs = 10_000) => {
          const found = frames.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error('no matching frame arrived')), timeoutMs);
            waiters.push({ match, resolve: (f) => (clearTimeout(timer), ok(f)) });
          });
        },
        ended,
        pause: () => {
          res.pause();
          res.socket.pause();
        },
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}
