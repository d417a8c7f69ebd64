import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

// The embedded database is one process's files: a second BFF opening the same DATA_DIR would
// corrupt it (PGlite takes no lock of its own). A lock file with the owner's pid keeps a second
// process out; one left by a process that died is taken over.

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `DATA_DIR ${dir} is in use by another BFF process (pid ${pid}). An embedded database serves one ` +
        'process only: stop the other one, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

// Held by this process. A lock file naming our own pid is otherwise stale: a container restarts
// its program with the same pid (often 1) after a crash.
const held = new Set<string>();

/** Takes DATA_DIR's lock; returns the function that gives it back. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, 'bff.lock');
  if (held.has(file)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return () => {
        if (held.delete(file)) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      // Stale (its process is gone) or unreadable: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock file in DATA_DIR ${dir}`);
}
