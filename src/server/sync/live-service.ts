import { shownEvents } from '../snooze/snooze-overlay';
import { SnoozeRepository } from '../snooze/snooze-repository';
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
import type { LiveEvent } from '../../contract';
import type { Outgoing } from './record-events';
import { ChangeFeed } from './change-feed';
import { MemoryLease, RedisLease, type Lease } from './lease';
import type { LiveSettings } from './live-settings';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import type { Timers } from './sync-worker';
import { applyWrite } from './write-through';
import { ReadThrough } from './read-through';
import { applyAllToWorkspace } from '../workspace/apply-events';
import { pruneTombstones } from '../workspace/workspace-writer';
import { WorkspaceReader } from '../workspace/workspace-reader';
import type { WorkspaceDb } from '../workspace/workspace-writer';

// The live workspace of one BFF instance: the workspace tables it reads (shared by every instance
// through PostgreSQL; none holds a copy), the bus every instance shares, the hub of its browsers'
// streams, the sync it runs while it holds the lease, and the write-through of the proxy. buildApp
// wires it in (app.ts); docs/live-sync.md says how the parts fit.

/** How often an instance with open streams says so, and how long that holds. */
const WATCHED_EVERY_MS = 1_000;
const WATCHED_TTL_MS = 5_000;
/** Events per publish on the bus when the sync publishes many at once. */
const PUBLISH_CHUNK = 1_000;
/** How long a removed record's id stays refused. */
const TOMBSTONE_MS = 15 * 60_000;

export interface LiveServiceOptions {
  readonly upstream: UpstreamConfig;
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly settings: LiveSettings;
  readonly log: FastifyBaseLogger;
  readonly clock: () => number;
  /** With Redis: the shared bus and the lease; alone: both in memory. */
  readonly redisUrl?: string | undefined;
  readonly redisTimeoutMs?: number;
  /** False: never sync, only follow (tests of the stream, the benchmark's proxy). */
  readonly sync?: boolean;
  readonly timers?: Timers;
  /** The workspace tables (migration 0011): what is published is written there first. */
  readonly db: WorkspaceDb;
}

export interface LiveService {
  /** The workspace as every instance reads it, from the database. */
  readonly workspace: WorkspaceReader;
  readonly bus: EventBus;
  /** What follows each committed change, in one declared order (change-feed.ts). */
  readonly changes: ChangeFeed;
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
  /** Writes changes the BFF learned (its own writes' answers) to the tables, then tells every
   *  instance's browsers of what really changed. */
  publish(out: readonly Outgoing[]): Promise<void>;
  /** The upstream's state as this instance last heard it (a new stream's first event). */
  upstreamStatus(): Extract<LiveEvent, { type: 'upstream.status' }>;
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

  const workspace = new WorkspaceReader(opts.db);
  let upstream: Extract<LiveEvent, { type: 'upstream.status' }> = {
    type: 'upstream.status',
    ...(await workspace.upstream()),
  };
  const unsubscribe = bus.subscribe(({ event }) => {
    if (event.type === 'upstream.status') upstream = event;
  });
  const changes = new ChangeFeed(bus, log);

  // Changes already written to the tables (the sync's), to browsers a chunk at a time.
  // A snoozed thread goes out as the BFF shows it (src/server/snooze), whatever changed in it.
  const snoozes = new SnoozeRepository(opts.db);
  const announce = async (out: readonly Outgoing[]): Promise<void> => {
    for (let start = 0; start < out.length; start += PUBLISH_CHUNK) {
      const chunk = await shownEvents(snoozes, out.slice(start, start + PUBLISH_CHUNK), clock());
      await bus.publish(chunk.map((o) => ({ event: o.event })));
    }
  };
  // Changes the BFF learned from its own writes: the tables first (a browser told of a change
  // reads it back from any instance), and only what really changed is told.
  const publish = async (out: readonly Outgoing[]): Promise<void> => {
    for (let start = 0; start < out.length; start += PUBLISH_CHUNK) {
      const chunk = out.slice(start, start + PUBLISH_CHUNK);
      const changed = await applyAllToWorkspace(opts.db, chunk, { now: clock() });
      await announce(chunk.filter((_, i) => changed[i]));
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
    db: opts.db,
    settings: settings.sync,
    clock,
    log,
    announce,
    quiet: (events) => changes.quiet(events),
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
      acquired: () => engine.start(),
      lost: () => engine.stop(),
    });
  }
  // Tombstones are kept long enough to refuse a late upsert of a removed record, then forgotten.
  const prune = setInterval(() => {
    if (lease.held)
      void pruneTombstones(opts.db, clock(), TOMBSTONE_MS).catch((err: unknown) =>
        log.warn({ err }, 'could not prune the workspace tombstones'),
      );
  }, 60_000);
  prune.unref();

  let stopped = false;
  return {
    workspace,
    bus,
    changes,
    hub,
    engine,
    lease,
    upstream: writer,
    onWrite: (write) => void applyWrite(write, { read: writer, workspace, publish, log }),
    readThrough: new ReadThrough({
      reader: writer,
      db: opts.db,
      announce,
      quiet: (events) => changes.quiet(events),
      clock,
      log,
    }),
    viewerJoined: () => engine.worker.nudge('hot'),
    publish,
    upstreamStatus: () => upstream,
    async stop({ release } = { release: true }) {
      if (stopped) return;
      stopped = true;
      clearInterval(prune);
      if (watch) clearInterval(watch);
      engine.stop();
      await lease.stop({ release });
      unsubscribe();
      changes.close();
      hub.close();
      await bus.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
