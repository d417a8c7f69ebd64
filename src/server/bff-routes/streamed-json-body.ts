import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { IncrementalJson } from '../imports/incremental-json';
import { SLICE_MS } from '../imports/in-slices';

// The JSON body of a route that takes more than the app's 1 MB (its contract's `bodyLimit`: an
// import's rows, tens of megabytes at the row limit). Read without holding the event loop (issue
// 34: a 64 MB body stalled /healthz for 3.6 s): a body declared larger than the limit is refused
// from its Content-Length before a byte of it is read; the rest is parsed chunk by chunk as it
// arrives instead of whole once it has all come (the app's parser).

type BodyParser = (
  request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: Error | null, body?: unknown) => void,
) => void;

/** An error Fastify answers with its status (the app's error handler words the body). */
const httpError = (statusCode: number, message: string): Error =>
  Object.assign(new Error(message), { statusCode });

/** A Fastify content-type parser for JSON up to `limit` bytes, fed each chunk as it arrives. */
export function streamedJsonBody(limit: number): BodyParser {
  const tooLarge = () =>
    httpError(
      413,
      `At most ${String(Math.round(limit / 1024 / 1024))} MB can be sent at once: split the file into smaller ones`,
    );
  return (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit) return done(tooLarge());
    const parser = new IncrementalJson();
    let received = 0;
    let settled = false;
    const finish = (error: Error | null, body?: unknown): void => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(error, body);
    };
    // libuv reads a fast socket up to 32 times in one turn, and each read's chunk arrives here in
    // that same turn: parsing them back to back held the loop 100 ms and more. Past a slice, the
    // body waits (paused) for the next turn, so other requests run between slices.
    let sliceStart = performance.now();
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limit) return finish(tooLarge());
      try {
        parser.write(chunk);
      } catch (error) {
        return finish(error as Error);
      }
      if (performance.now() - sliceStart >= SLICE_MS) {
        payload.pause();
        setImmediate(() => {
          sliceStart = performance.now();
          if (!settled) payload.resume();
        });
      }
    };
    const onEnd = (): void => {
      if (!Number.isNaN(declared) && received !== declared)
        return finish(httpError(400, 'Request body size did not match Content-Length'));
      try {
        finish(null, parser.end());
      } catch (error) {
        finish(error as Error);
      }
    };
    const onError = (error: Error): void => finish(Object.assign(error, { statusCode: 400 }));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  };
}
