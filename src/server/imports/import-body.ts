import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { fieldErrors } from '../../contract/common';
import { ImportRowCells, unknownImportFields, type ImportKind } from '../../contract/imports';
import { IncrementalJson } from './incremental-json';
import { inSlices, SLICE_MS } from './in-slices';

// The body of POST /bff/imports: a file's rows, tens of megabytes at the row limit. Read without
// holding the event loop (issue 34: a 64 MB body stalled /healthz for 3.6 s): a body declared
// larger than the limit is refused from its Content-Length before a byte of it is read; the rest
// is parsed chunk by chunk as it arrives, and its rows are checked a slice at a time.

/**
 * 50,000 rows of the widest import (customers: 20 mapped columns), every cell filled with a long
 * but plausible value, measured 37.5 MiB as JSON; a leads file of the same rows, 19.5 MiB. The
 * limit leaves room above the first, and bounds what one request may make the BFF hold.
 */
export const IMPORT_BODY_LIMIT = 40 * 1024 * 1024;

/** An error Fastify answers with its status (the app's error handler words the body). */
const httpError = (statusCode: number, message: string): Error =>
  Object.assign(new Error(message), { statusCode });

const tooLarge = () =>
  httpError(
    413,
    `An import body is at most ${String(IMPORT_BODY_LIMIT / 1024 / 1024)} MB: split the file into smaller ones`,
  );

/** A Fastify content-type parser for JSON, fed each chunk as it arrives (incremental-json.ts). */
export function parseImportBody(
  request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const declared = Number(request.headers['content-length']);
  if (declared > IMPORT_BODY_LIMIT) return done(tooLarge());
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
    if (received > IMPORT_BODY_LIMIT) return finish(tooLarge());
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
}

/** Most messages one refusal lists: enough to fix a file's mapping, not a 50,000-line answer. */
export const MAX_MESSAGES = 20;

/**
 * What is wrong with the rows' shape (each an object of text cells the database can hold), else
 * with their fields (one the kind does not have), a slice at a time; empty when nothing is.
 */
export async function rowProblems(kind: ImportKind, rows: readonly unknown[]): Promise<string[]> {
  const shape: string[] = [];
  await inSlices(rows, (row, i) => {
    const parsed = ImportRowCells.safeParse(row);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['rows', i, ...issue.path] }));
      shape.push(...fieldErrors(new z.core.$ZodError(issues)));
    }
    return shape.length < MAX_MESSAGES;
  });
  if (shape.length > 0) return shape.slice(0, MAX_MESSAGES);
  const unknown = new Set<string>();
  const slice = 1_000;
  const starts = Array.from({ length: Math.ceil(rows.length / slice) }, (_, n) => n * slice);
  await inSlices(starts, (start) => {
    const cells = rows.slice(start, start + slice) as Record<string, string>[];
    for (const message of unknownImportFields(kind, cells)) unknown.add(message);
    return unknown.size < MAX_MESSAGES;
  });
  return [...unknown].slice(0, MAX_MESSAGES);
}
