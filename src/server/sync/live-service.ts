import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Dispatcher } from 'undici';
import type { UpstreamConfig } from '../config';
import type { EventBus } from '../events/bus';
import { MemoryBus } from '../events/memory-bus';
import { RedisBus } from '../events/redis-bus';
import { StreamHub } from '../events/stream-hub';
import type { WriteListener } from '../proxy/proxy';
import { UpstreamClient } from '../upstream/upstream-client';
import { AppliedLog } from './applied-log';
import type { Outgoing } from './diff-records';
import { recoverFromGaps } from './gap-recovery';
import { MemoryLease, RedisLease, type Lease } from './lease';
import type { LiveSettings } from './live-settings';
import { ReadModel } from './read-model';
import { SnapshotKeeper } from './snapshot-keeper';
import { RedisSnapshots } from './snapshot';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import type { Timers } from './sync-worker';
import { applyWrite } from './write-through';
import { ReadThrough } from './read-through';
import { applyAllToWorkspace } from '../workspace/apply-events';
import { WorkspaceReader } from '../workspace/workspace-reader';
import type { WorkspaceDb } from '../workspace/workspace-writer';

// The live workspace of one BFF instance: its read model, the bus every instance shares, the hub
// of its browsers' streams, the sync it runs while it holds the lease, and the write-through of
// the proxy. buildApp wires it in (app.ts); docs/live-sync.md says how the parts fit.

/** How often an instance with open streams says so, and how long that holds. */
const WATCHED_EVERY_MS = 1_000;
const WATCHED_TTL_MS = 5_000;
/** Events per publish on the bus when the sync publishes many at once. */
const PUBLISH_CHUNK = 1_000;

export interface LiveServiceOptions {
  readonly upstream: UpstreamConfig;
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly settings: LiveSettings;
  readonly log: FastifyBaseLogger;
  readonly clock: () => number;
  /** With Redis: the shared bus, the lease and snapshots; alone: all in memory. */
  readonly redisUrl?: string | undefined;
  readonly redisTimeoutMs?: number;
  /** False: never sync, only follow (tests of the stream, the benchmark's proxy). */
  readonly sync?: boolean;
  readonly timers?: Timers;
  /** The workspace tables (migration 0011): what is published is written there first. */
  readonly db: WorkspaceDb;
}

export interface LiveService {
  readonly model: ReadModel;
  /** The workspace as every instance reads it, from the database. */
  readonly workspace: WorkspaceReader;
  readonly bus: EventBus;
  readonly hub: StreamHub;
  readonly engine: SyncEngine;
  readonly lease: Lease;
  /** The proxy tells it of every successful write (docs/live-sync.md, write-through). */
  readonly onWrite: WriteListener;
  /** The BFF's own calls to the upstream (re-reads after writes, imports). */
  readonly upstream: UpstreamClient;
  /** Reads what a screen needs that the sweeps have not read yet (a customer's contacts). */
  readonly readThrough: ReadThrough;
  /** A browser opened a stream: the sync reads at the watched pace from now on. */
  viewerJoined(): void;
  /** Publishes and resolves once this instance's model applied the events. */
  publish(out: readonly Outgoing[]): Promise<void>;
  /** Stops everything; `release: false` leaves the lease to expire, as a crash would. */
  stop(opts?: { release: boolean }): Promise<void>;
}

export async function startLive(opts: LiveServiceOptions): Promise<LiveService> {
  const { settings, log, clock } = opts;
  const prefix = `bff:live:${opts.upstream.tenantId}`;
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 10_000 })
    : null;
  if (redis) {
    redis.on('error', () => undefined);
    await redis.connect();
  }
  const kept = { maxAgeMs: settings.bus.maxAgeMs, maxBytes: settings.bus.maxBytes };
  if (settings.bus.ignoredReplayCount !== undefined)
    log.warn(
      'EVENTS_REPLAY_COUNT no longer bounds the event bus (EVENTS_REPLAY_AGE_MS and EVENTS_REPLAY_MAX_BYTES do): ignored',
    );
  const bus: EventBus = opts.redisUrl
    ? await RedisBus.open(opts.redisUrl, {
        key: `${prefix}:events`,
        ...kept,
        clock,
        log,
        ...(opts.redisTimeoutMs ? { timeoutMs: opts.redisTimeoutMs } : {}),
      })
    : new MemoryBus({ ...kept, clock });

  const model = new ReadModel(undefined, new Date(clock()).toISOString());
  const applied = new AppliedLog(model, clock, log);
  const unsubscribe = bus.subscribe((event) => applied.apply(event));

  const snapshots = redis ? new RedisSnapshots(redis, `${prefix}:snapshot`, log) : null;
  const keeper = snapshots
    ? new SnapshotKeeper({ snapshots, bus, applied, model, settings: settings.sync, log })
    : null;
  await keeper?.warmUp();

  // A large publish (a first load: one event per record) goes out a chunk at a time, each once this
  // instance applied the one before: its own reader is never more than a chunk behind what it
  // publishes, so what the bus keeps (bounded by memory) cannot be trimmed past it by its own burst.
  const publish = async (out: readonly Outgoing[]): Promise<void> => {
    for (let start = 0; start < out.length; start += PUBLISH_CHUNK) {
      const chunk = out.slice(start, start + PUBLISH_CHUNK);
      // The tables first: a browser told of a change reads it back from any instance.
      await applyAllToWorkspace(
        opts.db,
        chunk.map((o) => ({ event: o.event, quiet: o.modelOnly === true })),
        { now: clock() },
      );
      const events = await bus.publish(
        chunk.map((o) => (o.modelOnly ? { event: o.event, audience: [] } : { event: o.event })),
      );
      await applied.waitFor(events.at(-1)!.id);
    }
  };

  const hub = new StreamHub(bus, settings.stream.maxBufferedBytes, log);
  // Browsers may watch through any instance: with Redis, each one that has a stream open says so
  // in a short-lived key, and the syncing one reads it, so it keeps the watched pace for them too.
  let watchedElsewhere = false;
  const watchedKey = `${prefix}:watched`;
  const engine = createSyncEngine({
    reader: new UpstreamClient({
      upstream: opts.upstream,
      dispatcher: opts.dispatcher,
      timeoutMs: opts.timeoutMs,
      log,
      clock,
    }),
    model,
    settings: settings.sync,
    clock,
    log,
    publish,
    viewers: () => hub.size + (watchedElsewhere ? 1 : 0),
    ...(opts.timers ? { timers: opts.timers } : {}),
  });
  const watch = redis
    ? setInterval(() => {
        void (async () => {
          if (hub.size > 0) await redis.set(watchedKey, '1', 'PX', WATCHED_TTL_MS);
          const before = watchedElsewhere;
          watchedElsewhere = lease.held && (await redis.exists(watchedKey)) === 1;
          if (watchedElsewhere && !before) engine.worker.nudge('hot');
        })().catch(() => undefined);
      }, WATCHED_EVERY_MS)
    : null;
  watch?.unref();
  const writer = new UpstreamClient({
    upstream: opts.upstream,
    dispatcher: opts.dispatcher,
    timeoutMs: opts.timeoutMs,
    log,
    clock,
  });

  const lease: Lease = redis
    ? new RedisLease({
        redis,
        key: `${prefix}:lease`,
        holder: randomBytes(9).toString('base64url'),
        ttlMs: settings.sync.leaseTtlMs,
        clock,
        log,
        ...(opts.timers ? { timers: opts.timers } : {}),
      })
    : new MemoryLease();
  if (settings.sync.enabled && opts.sync !== false) {
    lease.start({
      acquired: () => {
        engine.start();
        keeper?.lead();
      },
      lost: () => {
        engine.stop();
        keeper?.follow();
      },
    });
  }
  const stopRecovering = recoverFromGaps({ applied, lease, engine, keeper, log });
  // The model's memory of recent changes and removals is bounded in time.
  const prune = setInterval(() => model.prune(clock()), 60_000);
  prune.unref();

  let stopped = false;
  return {
    model,
    workspace: new WorkspaceReader(opts.db),
    bus,
    hub,
    engine,
    lease,
    upstream: writer,
    onWrite: (write) => void applyWrite(write, { read: writer, model, publish, log }),
    readThrough: new ReadThrough({ reader: writer, model, publish, clock, log }),
    viewerJoined: () => engine.worker.nudge('hot'),
    publish,
    async stop({ release } = { release: true }) {
      if (stopped) return;
      stopped = true;
      clearInterval(prune);
      if (watch) clearInterval(watch);
      stopRecovering();
      engine.stop();
      keeper?.stop();
      await lease.stop({ release });
      unsubscribe();
      hub.close();
      applied.close();
      await bus.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
