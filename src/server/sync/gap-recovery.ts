import type { FastifyBaseLogger } from 'fastify';
import type { AppliedLog } from './applied-log';
import type { Lease } from './lease';
import type { SnapshotKeeper } from './snapshot-keeper';
import type { SyncEngine } from './sync-engine';

// What an instance does when its bus says it missed events: a `resync {reason: 'gap'}` from its
// own reader, because entries it had not read yet were trimmed (it fell behind what the stream
// keeps) or lost (Redis restarted without its data). Its model lacks them, so it reloads rather
// than serve a workspace with holes (issue 34). Its browsers get the same resync and refetch.
//
// The syncing instance reads the workspace again (as an operator's reload does): nobody has a
// better copy, since every instance builds its model from the same bus. A follower loads the
// newest snapshot and replays the bus after it, at no upstream cost; while none is usable it keeps
// trying, as at its start.

export interface GapRecoveryDeps {
  readonly applied: AppliedLog;
  readonly lease: Pick<Lease, 'held'>;
  readonly engine: Pick<SyncEngine, 'reload'>;
  /** Null without Redis: one instance on the in-memory bus, which never drops an event it delivers. */
  readonly keeper: Pick<SnapshotKeeper, 'reload'> | null;
  readonly log: FastifyBaseLogger;
}

/** Starts listening; returns the stop. */
export function recoverFromGaps(deps: GapRecoveryDeps): () => void {
  const { engine, keeper, lease, log } = deps;
  let reloading = false;
  return deps.applied.onApplied((event) => {
    if (event.event.type !== 'resync' || event.event.reason !== 'gap') return;
    if (lease.held) {
      // One reload at a time: a second gap during it is covered by the read it is doing.
      if (reloading) return;
      reloading = true;
      log.warn('the bus lost events this instance had not applied: reading the workspace again');
      engine
        .reload()
        .catch((err: unknown) => log.error({ err }, 'could not read the workspace again after a gap'))
        .finally(() => {
          reloading = false;
        });
    } else if (keeper) {
      log.warn('the bus lost events this instance had not applied: loading the newest snapshot');
      keeper.reload();
    }
  });
}
