import { Readable } from 'node:stream';
import { getResponse, type HttpHandler } from 'msw';
import { Dispatcher } from 'undici';

// The BFF's upstream connection pool in component tests: each call the proxy (or readiness) makes is
// answered in process by the fake's msw handlers, the very handlers its HTTP server runs for the demo
// and e2e. Only the loopback socket is skipped, which halves the cost of every call in the suite.

type Body = Dispatcher.DispatchOptions['body'];

async function bodyText(body: Body): Promise<string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  if (body instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  }
  throw new Error('The fake dispatcher takes string, byte or stream bodies only');
}

function headersOf(raw: Dispatcher.DispatchOptions['headers']): Headers {
  const headers = new Headers();
  if (!raw) return headers;
  const entries: Iterable<[string, string | string[] | undefined]> = Array.isArray(raw)
    ? pairs(raw as string[])
    : Symbol.iterator in raw
      ? (raw as Iterable<[string, string | string[] | undefined]>)
      : Object.entries(raw);
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function* pairs(flat: readonly string[]): Generator<[string, string]> {
  for (let i = 0; i + 1 < flat.length; i += 2) yield [flat[i]!, flat[i + 1]!];
}

export class FakeDispatcher extends Dispatcher {
  constructor(private readonly handlers: readonly HttpHandler[]) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    void this.answer(options, handler);
    return true;
  }

  private async answer(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    let aborted = false;
    // undici's own request handlers speak the callback API below (onConnect ... onComplete).
    handler.onConnect?.((err) => {
      aborted = true;
      handler.onError?.(err ?? new Error('aborted'));
    });
    try {
      const url = new URL(options.path, options.origin);
      const body = await bodyText(options.body);
      const request = new Request(url, {
        method: options.method,
        headers: headersOf(options.headers),
        ...(body !== undefined && options.method !== 'GET' && options.method !== 'HEAD' ? { body } : {}),
      });
      const response = await getResponse([...this.handlers], request);
      if (aborted) return;
      if (!response) throw new Error(`No fake upstream handler for ${options.method} ${url.href}`);
      const rawHeaders: Buffer[] = [];
      response.headers.forEach((value, name) => rawHeaders.push(Buffer.from(name), Buffer.from(value)));
      const payload = Buffer.from(await response.arrayBuffer());
      handler.onHeaders?.(response.status, rawHeaders, () => undefined, response.statusText);
      if (payload.length > 0) handler.onData?.(payload);
      handler.onComplete?.([]);
    } catch (error) {
      if (!aborted) handler.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    if (callback) return callback();
    return Promise.resolve();
  }

  override destroy(err?: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: Error | null | (() => void), b?: () => void): Promise<void> | void {
    const callback = typeof a === 'function' ? a : b;
    if (callback) return callback();
    return Promise.resolve();
  }
}
