import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { createPGlite } from './pglite-create';
import { toThreadError, type ThreadReady, type ThreadReply, type ThreadRequest } from './embedded-database';

// The embedded PostgreSQL in a thread of its own (started by pglite-thread.ts). PGlite is
// PostgreSQL compiled to WASM: every query runs synchronously on the thread that owns it. Here
// that is not the thread answering HTTP, so the audit log's inserts and the team's reads cost the
// proxy no event-loop time. Queries run one at a time, in the order they arrive.

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | null };

const post = (message: ThreadReply | ThreadReady): void => port.postMessage(message);

async function main(): Promise<void> {
  let pg: PGlite;
  try {
    pg = await createPGlite(dataDir);
  } catch (error) {
    post({ ready: false, error: toThreadError(error) });
    return;
  }
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: ThreadRequest) => {
    queue = queue.then(async () => {
      try {
        if (request.kind === 'close') {
          if (!pg.closed) await pg.close();
          post({ id: request.id, ok: true });
          port.close();
          return;
        }
        if (request.kind === 'exec') {
          const results = await pg.exec(request.sql);
          post({
            id: request.id,
            ok: true,
            result: results.map(({ rows, affectedRows }) => ({ rows, affectedRows })),
          });
          return;
        }
        const { rows, affectedRows, command } = await pg.query(request.sql, request.params);
        post({ id: request.id, ok: true, result: { rows, affectedRows, command } });
      } catch (error) {
        post({ id: request.id, ok: false, error: toThreadError(error) });
      }
    });
  });
  post({ ready: true });
}

void main();
