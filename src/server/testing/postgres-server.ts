import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// A throwaway PostgreSQL cluster for tests: initdb in a temp dir, a postgres on a random loopback
// port with durability off (fast, nothing to keep), removed on stop. initdb refuses to run as
// root, so as root (CI) the cluster belongs to the Debian package's `postgres` user and both
// programs run as that user through setpriv.

/** POSTGRES_BIN_DIR, else the newest Debian install (/usr/lib/postgresql/<major>/bin). */
const binDir = (): string => {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return join(root, majors[0] ?? '15', 'bin');
};

export interface TestPostgres {
  /** The cluster's maintenance database; tests should use a fresh one from createDatabase(). */
  readonly url: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, like a hung host. */
  pause(): void;
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

interface RunAs {
  readonly prefix: readonly string[];
  readonly uid?: number;
  readonly gid?: number;
}

const runAs = (): RunAs => {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const id = (flag: string): number =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) {
    throw new Error('Running as root needs the `postgres` user (the Debian postgresql package creates it)');
  }
  return { prefix: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--'], uid, gid };
};

let databases = 0;

export async function startTestPostgres(): Promise<TestPostgres> {
  const BIN_DIR = binDir();
  const initdb = join(BIN_DIR, 'initdb');
  if (!existsSync(initdb)) {
    throw new Error(
      `PostgreSQL not found in ${BIN_DIR}: install the Debian package postgresql (CI does) or set POSTGRES_BIN_DIR`,
    );
  }
  const who = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'chatdesk-pg-'));
  if (who.uid !== undefined) chownSync(dir, who.uid, who.gid!);
  const dataDir = join(dir, 'data');
  const command = (bin: string, args: string[]): [string, string[]] => {
    const full = [...who.prefix, join(BIN_DIR, bin), ...args];
    return [full[0]!, full.slice(1)];
  };

  const [initCmd, initArgs] = command('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8', cwd: dir });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }

  const port = await freePort();
  const [pgCmd, pgArgs] = command('postgres', [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ]);
  const child: ChildProcess = spawn(pgCmd, pgArgs, { stdio: 'ignore', cwd: dir });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Each connection has its own backend process: a hung host is all of them, not only the
  // postmaster. Only this cluster's processes (children of the one we started) are signalled.
  const signalCluster = (signal: NodeJS.Signals): void => {
    if (child.pid === undefined) return;
    const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' });
    const pids = listed.stdout
      .split('\n')
      .map((p) => Number(p.trim()))
      .filter((p) => p > 0);
    for (const pid of signal === 'SIGSTOP' ? [child.pid, ...pids] : [...pids, child.pid]) {
      try {
        process.kill(pid, signal);
      } catch {
        // It ended meanwhile.
      }
    }
  };

  const stop = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      // A paused server must run again to act on the signal; SIGINT is PostgreSQL's fast shutdown.
      signalCluster('SIGCONT');
      child.kill('SIGINT');
    });

  const deadline = Date.now() + 20_000;
  for (;;) {
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await probe.connect();
      await probe.query('select 1');
      await probe.end();
      break;
    } catch {
      await probe.end().catch(() => undefined);
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        throw new Error(`postgres did not start on port ${port}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    url,
    createDatabase: async () => {
      const name = `t_${process.pid}_${++databases}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    pause: () => signalCluster('SIGSTOP'),
    resume: () => signalCluster('SIGCONT'),
    stop,
  };
}
