import { Readable } from 'node:stream';
import { EventSource as PolyfillEventSource, type EventSourceInit, type FetchLike } from 'eventsource';
import type { FastifyInstance } from 'fastify';
import { Agent } from 'undici';
import { EVENTS_URL } from '@/lib/live/live-connection';

// The live stream in component tests. jsdom has no EventSource, and SSE cannot go through
// app.inject (it buffers the whole answer until the stream ends, which it never does), so a file
// that asks for the stream (withBff({ stream: true })) gets:
// - the in-process BFF also listening on a loopback port, for `GET /bff/events` only;
// - a real EventSource (the `eventsource` package, a WHATWG-conformant client) as the page's global,
//   whose requests for the BFF's stream go to that port with the cookie the page's other calls carry
//   (the transport's jar), as a same-origin browser would send them.
// So the app's own stream code (use-live-stream.ts, live-connection.ts, live-events.ts) reads what the
// BFF's live side publishes, frame by frame, as in the browser.

export interface StreamTarget {
  /** The page's origin: the only one its stream may be opened on. */
  readonly pageOrigin: string;
  /** Where the BFF listens (http://127.0.0.1:port). */
  readonly listening: string;
  /** The page's cookies for the BFF, as a Cookie header (null: none). */
  cookies(): string | null;
}

export interface InstalledStream {
  /** Closes every source still open (a page left mounted), then lets go of the connections. */
  uninstall(): Promise<void>;
}

/**
 * Lets the app also listen on a loopback port the system picks (nothing else on the machine is
 * reached); answers its origin. The app's close (afterAll) closes it, ending its streams first.
 */
export function listenForStream(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * Makes `EventSource` a real client of the BFF's stream for this test file; the returned handle
 * takes it away again (afterAll). Anything but the BFF's stream is refused, so a page that opened
 * another source would fail loudly, not hang.
 */
export function installEventSource(target: StreamTarget): InstalledStream {
  // Its own pool, so msw (which intercepts the global fetch and http.request) never sees the stream,
  // and so its sockets are closed with the file.
  const agent = new Agent({ connections: 8 });
  const open = new Set<PolyfillEventSource>();

  const streamFetch: FetchLike = async (url, init) => {
    const asked = new URL(url);
    if (asked.origin !== target.pageOrigin || asked.pathname !== EVENTS_URL)
      throw new TypeError(`the test EventSource only reaches the BFF's ${EVENTS_URL}, not ${asked.href}`);
    const headers: Record<string, string> = { ...init.headers, 'sec-fetch-site': 'same-origin' };
    const cookie = target.cookies();
    if (cookie !== null) headers['cookie'] = cookie;
    const res = await agent.request({
      origin: target.listening,
      path: `${asked.pathname}${asked.search}`,
      method: 'GET',
      headers,
      signal: init.signal as AbortSignal | undefined,
    });
    return {
      // Read as it arrives: each SSE frame reaches the client when the server writes it.
      body: Readable.toWeb(res.body) as ReadableStream<Uint8Array>,
      url: asked.href,
      status: res.statusCode,
      redirected: false,
      headers: {
        get: (name) => {
          const value = res.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
      },
    };
  };

  class TestEventSource extends PolyfillEventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, { ...init, fetch: streamFetch });
      open.add(this);
    }
    override close(): void {
      open.delete(this);
      super.close();
    }
  }

  const globals = globalThis as { EventSource?: unknown };
  const before = globals.EventSource;
  globals.EventSource = TestEventSource;
  return {
    async uninstall() {
      for (const source of [...open]) source.close();
      if (before === undefined) delete globals.EventSource;
      else globals.EventSource = before;
      await agent.destroy();
    },
  };
}
