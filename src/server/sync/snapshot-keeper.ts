import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent, EventBus } from '../events/bus';
import { compareIds } from '../events/redis-bus';
import type { AppliedLog } from './applied-log';
import { applyEvent } from './apply-event';
import type { ReadModel } from './read-model';
import { fromSnapshot, toSnapshot, type RedisSnapshots } from './snapshot';
import type { SyncSettings } from './sync-settings';

// Snapshots of the read model in Redis (docs/live-sync.md, "the follower's start"). The lease
// holder writes one after its first load and then whenever the model changed, at most every
// SYNC_SNAPSHOT_EVERY_MS; a starting instance takes the newest one and replays the bus after it.
// Without a usable one it keeps applying events and tries again until one appears.

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
  private readonly off: () => void;

  constructor(private readonly opts: SnapshotKeeperOptions) {
    // The first load is done: followers should not wait a whole interval for it.
    this.off = opts.applied.onApplied((event) => {
      if (this.leading && event.event.type === 'resync' && event.event.reason === 'restart') void this.save();
    });
  }

  /** Loads the newest usable snapshot into the model; false (and tries again later) when none is. */
  async warmUp(): Promise<boolean> {
    try {
      this.warm = await this.load();
    } catch (err) {
      this.opts.log.warn({ err }, 'could not load the read model snapshot');
    }
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

  stop(): void {
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
    let replayed: readonly BusEvent[] = [];
    if (snapshot.eventId !== null) {
      const replay = await bus.replayAfter(snapshot.eventId);
      if (replay.kind === 'gap') return false;
      replayed = replay.events;
    } else if ((await bus.lastId()) !== null) {
      // Taken before any event, while events now exist: which of them it reflects is unknown.
      return false;
    }
    const fresh = fromSnapshot(snapshot);
    const now = Date.now();
    let last = snapshot.eventId ?? '0-0';
    for (const event of replayed) {
      applyEvent(fresh, event.event, now);
      last = event.id;
    }
    // Events this instance applied while the replay was read, past its end.
    for (const event of applied.recent())
      if (compareIds(event.id, last) > 0) applyEvent(fresh, event.event, now);
    model.replaceWith(fresh);
    this.opts.log.info(
      { eventId: snapshot.eventId, replayed: replayed.length },
      'read model loaded from a snapshot',
    );
    return true;
  }
}
