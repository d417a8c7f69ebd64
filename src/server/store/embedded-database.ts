// What the Kysely dialect needs of the embedded PostgreSQL: PGlite itself (in this thread, for
// tests) or its proxy to a worker thread (the deployment, pglite-thread.ts). One session, one
// query at a time.

export interface EmbeddedResult<R> {
  readonly rows: R[];
  readonly affectedRows?: number;
  readonly command?: string;
}

export interface EmbeddedDatabase {
  query<R>(sql: string, params: unknown[]): Promise<EmbeddedResult<R>>;
  /** Several statements without parameters (a library's install script): each one's result. */
  exec(sql: string): Promise<EmbeddedResult<unknown>[]>;
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  close(): Promise<void>;
}

/** Messages between pglite-thread.ts and pglite-thread-worker.ts. */
export type ThreadRequest =
  | { readonly id: number; readonly kind: 'query'; readonly sql: string; readonly params: unknown[] }
  | { readonly id: number; readonly kind: 'exec'; readonly sql: string }
  | { readonly id: number; readonly kind: 'close' };

/** An error as it crosses the thread: its message and the fields store-errors.ts reads (code). */
export interface ThreadError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

export type ThreadReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly result?: EmbeddedResult<unknown> | EmbeddedResult<unknown>[];
    }
  | { readonly id: number; readonly ok: false; readonly error: ThreadError };

/** The worker's first word: opened, or why not. */
export type ThreadReady = { readonly ready: true } | { readonly ready: false; readonly error: ThreadError };

export const toThreadError = (error: unknown): ThreadError => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
};

export const fromThreadError = (e: ThreadError): Error =>
  Object.assign(new Error(e.message), { name: e.name }, e.code === undefined ? {} : { code: e.code });
