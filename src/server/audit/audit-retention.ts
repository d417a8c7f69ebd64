import type { FastifyBaseLogger } from 'fastify';
import type { AuditRepository } from './audit-repository';

// Entries older than AUDIT_RETENTION_DAYS are deleted in small batches with a pause between them,
// so a large purge (the first after a long pause, or a shortened retention) never holds the table
// or the database for long. Several instances may purge at once: deleting is idempotent.

export const DAY_MS = 86_400_000;

export interface PurgeOptions {
  readonly retentionDays: number;
  readonly now: () => number;
  readonly batchSize?: number;
  /** Between two batches (ms). */
  readonly pauseMs?: number;
}

/** Deletes every entry older than the retention; returns how many. */
export async function purgeExpired(repo: AuditRepository, opts: PurgeOptions): Promise<number> {
  const batch = opts.batchSize ?? 1000;
  const cutoff = new Date(opts.now() - opts.retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const deleted = await repo.deleteOlderThan(cutoff, batch);
    total += deleted;
    if (deleted < batch) return total;
    if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
  }
}

export interface RetentionSchedule {
  stop(): Promise<void>;
}

/** Purges shortly after start, then every `everyMs`; a failure is logged and retried next time. */
export function scheduleRetention(
  repo: AuditRepository,
  opts: PurgeOptions & { readonly everyMs?: number; readonly log: FastifyBaseLogger },
): RetentionSchedule {
  let running: Promise<void> | null = null;
  const run = (): void => {
    if (running !== null) return;
    running = purgeExpired(repo, { pauseMs: 200, ...opts })
      .then((deleted) => {
        if (deleted > 0)
          opts.log.info({ deleted, retentionDays: opts.retentionDays }, 'audit: expired entries purged');
      })
      .catch((error: unknown) => {
        opts.log.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'audit: purge failed; will retry',
        );
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 30_000);
  const every = setInterval(run, opts.everyMs ?? 3_600_000);
  first.unref();
  every.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
