import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../events/bus';
import { compareIds } from '../events/redis-bus';
import type { AppliedLog } from './applied-log';
import { applyEvent } from './apply-event';
import type { ReadModel } from './read-model';
import { fromSnapshot, toSnapshot, type RedisSnapshots } from './snapshot';
import type { SyncSettings } from './sync-settings';

// Snapshots of the read model in Redis (docs/live-sync.md, "the follower's start"). The lease
// holder writes one after its first load and then whenever the model changed, at most every
// SYNC_SNAPSHOT_EVERY_MS; a starting instance takes the newest one and replays the bus after it.
// Without a usable one it keeps applying events and tries again until one appears. A follower whose
// bus lost events it had not applied (gap-recovery.ts) loads one again the same way.

export interface SnapshotKeeperOptions {
  readonly snapshots: RedisSnapshots;
  readonly bus: EventBus;
  readonly applied: AppliedLog;
  readonly model: ReadModel;
  readonly settings: SyncSettings;
  readonly log: FastifyBaseLogger;
}

export class SnapshotKeeper {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private leading = false;
  private warm = false;
  private savedId: string | null | undefined = undefined;
  private loading = false;
  private stopped = false;
  private readonly off: () => void;

  constructor(private readonly opts: SnapshotKeeperOptions) {
    // The first load is done: followers should not wait a whole interval for it.
    this.off = opts.applied.onApplied((event) => {
      if (this.leading && event.event.type === 'resync' && event.event.reason === 'restart') void this.save();
    });
  }

  /** Loads the newest usable snapshot into the model; false (and tries again later) when none is. */
  async warmUp(): Promise<boolean> {
    if (this.loading) return false;
    this.loading = true;
    try {
      this.warm = await this.load();
    } catch (err) {
      this.opts.log.warn({ err }, 'could not load the read model snapshot');
    } finally {
      this.loading = false;
    }
    if (this.stopped) return this.warm;
    if (!this.warm) {
      this.opts.log.info('no usable read model snapshot yet: following the bus until one appears');
      this.schedule();
    }
    return this.warm;
  }

  /** This instance holds the lease: write snapshots from now on. */
  lead(): void {
    this.leading = true;
    this.schedule();
  }

  follow(): void {
    this.leading = false;
    this.schedule();
  }

  /**
   * The model missed events (its bus trimmed or lost them before they were applied): a follower
   * loads the newest snapshot again now, and keeps trying until one is usable. The syncing
   * instance reads the workspace again instead (gap-recovery.ts), so here it does nothing.
   */
  reload(): void {
    if (this.leading || this.stopped) return;
    this.warm = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    void this.warmUp();
  }

  stop(): void {
    this.stopped = true;
    this.leading = false;
    this.warm = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.off();
  }

  private schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.leading && this.warm) return;
    this.timer = setTimeout(() => void this.tick(), this.opts.settings.snapshotEveryMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.leading) await this.save();
    else if (!this.warm) await this.warmUp();
    this.schedule();
  }

  private async save(): Promise<void> {
    const id = this.opts.applied.lastId;
    if (id === this.savedId) return;
    try {
      await this.opts.snapshots.save(toSnapshot(this.opts.model, id));
      this.savedId = id;
    } catch (err) {
      this.opts.log.warn({ err }, 'could not write the read model snapshot');
    }
  }

  private async load(): Promise<boolean> {
    const { bus, applied, model, snapshots } = this.opts;
    const snapshot = await snapshots.load();
    if (snapshot === null) return false;
    const fresh = fromSnapshot(snapshot);
    const now = Date.now();
    let replayed = 0;
    if (snapshot.eventId === null) {
      // Taken before any event, while events now exist: which of them it reflects is unknown.
      if ((await bus.lastId()) !== null) return false;
      for (const event of applied.recent()) applyEvent(fresh, event.event, now);
    } else {
      // Replays after the snapshot until the replay reaches what this instance itself applied
      // meanwhile: a large burst can be far more than the applied log keeps of recent events.
      for (let last = snapshot.eventId; ;) {
        const replay = await bus.replayAfter(last);
        if (replay.kind === 'gap') return false;
        for (const event of replay.events) {
          applyEvent(fresh, event.event, now);
          last = event.id;
        }
        replayed += replay.events.length;
        if (applied.lastId === null || compareIds(applied.lastId, last) <= 0) break;
      }
    }
    model.replaceWith(fresh);
    this.opts.log.info({ eventId: snapshot.eventId, replayed }, 'read model loaded from a snapshot');
    return true;
  }
}
