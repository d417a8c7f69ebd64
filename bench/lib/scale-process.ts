import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BffLoop, BffQuestion, BffReady, BffStats } from './scale-bff';

// Starts one BFF of the scale benchmark in its own process (bench/lib/scale-bff.ts) and asks it
// for its event loop and its memory.

const ENTRY = fileURLToPath(new URL('./scale-bff.ts', import.meta.url));

export interface ScaleBff extends BffReady {
  readonly origin: string;
  /** The longest event-loop delay since the last call (or since listening). */
  loop(): Promise<BffLoop>;
  stats(): Promise<BffStats>;
  stop(): Promise<void>;
}

export async function startScaleBff(opts: {
  readonly upstream: { socialBase: string; crmBase: string };
  /** PostgreSQL; absent: PGlite in `pgliteDir`. */
  readonly databaseUrl?: string;
  readonly pgliteDir?: string;
  readonly sync: boolean;
  readonly env?: Record<string, string>;
}): Promise<ScaleBff> {
  const child = fork(ENTRY, [], {
    // SCALE_CPU_PROF=<dir>: a CPU profile of each instance, to find what a long block was.
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      ...(process.env.SCALE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SCALE_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      ...opts.env,
      SCALE_SOCIAL_BASE: opts.upstream.socialBase,
      SCALE_CRM_BASE: opts.upstream.crmBase,
      SCALE_SYNC: opts.sync ? '1' : '0',
      DATABASE_URL: opts.databaseUrl ?? '',
      ...(opts.pgliteDir ? { SCALE_PGLITE_DIR: opts.pgliteDir } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<BffReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as BffReady));
    child.once('exit', (code) => reject(new Error(`the BFF exited with ${String(code)} before listening`)));
  });
  const ask = <T>(q: BffQuestion, kind: string): Promise<T> =>
    new Promise((resolve) => {
      const on = (m: unknown) => {
        if ((m as { kind?: string }).kind !== kind) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      child.send(q);
    });
  return {
    ...ready,
    origin: `http://127.0.0.1:${String(ready.port)}`,
    loop: () => ask<BffLoop>({ ask: 'loop' }, 'loop'),
    stats: () => ask<BffStats>({ ask: 'stats' }, 'stats'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}
