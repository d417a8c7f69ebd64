import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

const REDIS_BINARY = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

export interface TestRedis {
  readonly url: string;
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, like a hung host. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  stop(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** A throwaway redis-server on a random loopback port, with persistence off. */
export async function startTestRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_BINARY)) {
    throw new Error(
      `redis-server not found at ${REDIS_BINARY}: install the Debian package redis-server (CI does) or set REDIS_SERVER`,
    );
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_BINARY,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch {
      probe.disconnect();
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // A paused server must run again to act on SIGTERM.
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }),
  };
}
