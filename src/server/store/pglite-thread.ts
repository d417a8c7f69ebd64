import { Worker } from 'node:worker_threads';
import {
  fromThreadError,
  type EmbeddedDatabase,
  type EmbeddedResult,
  type ThreadReady,
  type ThreadReply,
  type ThreadRequest,
} from './embedded-database';

// The embedded PostgreSQL in a worker thread (pglite-thread-worker.ts), seen from the BFF's
// thread. Why: PGlite runs each query synchronously where it lives; in the HTTP thread a batch of
// audit inserts would stall every request behind it. Across the thread boundary only SQL, params
// and rows travel (structured clone: dates and JSON values arrive as they left).

type Answer = EmbeddedResult<unknown> | EmbeddedResult<unknown>[] | undefined;

interface Pending {
  resolve(result: Answer): void;
  reject(error: Error): void;
}

/** The worker: beside this module's bundle as JavaScript, or (tsx, tests) the TypeScript source
 *  loaded through tsx's API, since a worker does not inherit the loader of the thread that starts it. */
const startWorker = (dataDir: string | null): Worker => {
  const options = { workerData: { dataDir } };
  // Node's worker_threads, not a browser worker: Vite (vitest) must leave these calls alone.
  const built = new URL('./pglite-thread-worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return new Worker(built, /* @vite-ignore */ options);
  const source = JSON.stringify(new URL('./pglite-thread-worker.ts', import.meta.url).href);
  const bootstrap = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${source}, ${source}))`;
  return new Worker(bootstrap, /* @vite-ignore */ { ...options, eval: true });
};

export class PGliteThread implements EmbeddedDatabase {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited = false;
  private closing: Promise<void> | null = null;
  readonly waitReady: Promise<void>;

  /** dataDir null: in memory. Wait for `waitReady` before the first query (it rejects if it cannot open). */
  constructor(dataDir: string | null) {
    this.worker = startWorker(dataDir);
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.worker.once('message', (first: ThreadReady) => {
        this.worker.on('message', (reply: ThreadReply) => this.settle(reply));
        // Idle, the thread does not hold the process open (a query out does, see send).
        if (this.pending.size === 0) this.worker.unref();
        if (first.ready) resolve();
        else reject(fromThreadError(first.error));
      });
      this.worker.once('error', reject);
      this.worker.once('exit', (code) =>
        reject(new Error(`the embedded database's thread stopped (${code})`)),
      );
    });
    // A thread that dies (out of memory, a WASM abort) fails what was waiting; later calls fail at
    // once, as "unavailable", and /readyz says so.
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', () => {
      this.exited = true;
      this.failAll(new Error('the embedded database has stopped'));
    });
  }

  get closed(): boolean {
    return this.exited || this.closing !== null;
  }

  query<R>(sql: string, params: unknown[]): Promise<EmbeddedResult<R>> {
    if (this.closed) return Promise.reject(new Error('the embedded database is closed'));
    return this.send({ id: 0, kind: 'query', sql, params }) as Promise<EmbeddedResult<R>>;
  }

  exec(sql: string): Promise<EmbeddedResult<unknown>[]> {
    if (this.closed) return Promise.reject(new Error('the embedded database is closed'));
    return this.send({ id: 0, kind: 'exec', sql }) as Promise<EmbeddedResult<unknown>[]>;
  }

  close(): Promise<void> {
    if (this.closing !== null) return this.closing;
    if (this.exited) return Promise.resolve();
    this.closing = this.send({ id: 0, kind: 'close' })
      .catch(() => undefined)
      .then(() => this.worker.terminate())
      .then(() => undefined);
    return this.closing;
  }

  private send(request: ThreadRequest): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Kept alive while a query is out, so a script that awaits one is not cut short.
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ ...request, id });
    });
  }

  private settle(reply: ThreadReply): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(fromThreadError(reply.error));
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
