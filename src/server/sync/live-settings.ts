import { z } from 'zod';
import { DEFAULT_STREAM_SETTINGS, type StreamSettings } from '../events/event-stream';
import { DEFAULT_SYNC_SETTINGS, type SyncSettings } from './sync-settings';

// The live workspace's environment (README, "Live updates"): parsed by config.ts with the rest.

/**
 * What the bus keeps for replay: bounded by time and by memory, never by a count of events, since a
 * normal load (one event per record, 50,000 leads) outnumbers any count that fits a quiet day. An
 * instance or browser that falls behind what is kept is told so (a `resync`), never cut silently.
 */
export interface BusSettings {
  /** How long an event stays replayable (EVENTS_REPLAY_AGE_MS). */
  readonly maxAgeMs: number;
  /** About how many bytes of events are kept at most; past it the oldest go (EVENTS_REPLAY_MAX_BYTES). */
  readonly maxBytes: number;
  /** EVENTS_REPLAY_COUNT as set: it no longer bounds anything and the live service says so at start. */
  readonly ignoredReplayCount?: number;
}

export interface LiveSettings {
  readonly sync: SyncSettings;
  readonly stream: StreamSettings;
  readonly bus: BusSettings;
}

const MIB = 1024 * 1024;
/** 256 MiB holds a first load of about 400,000 leads (≈ 600 bytes an event). */
export const DEFAULT_BUS_SETTINGS: BusSettings = { maxAgeMs: 15 * 60_000, maxBytes: 256 * MIB };

const emptyAsUndefined = (v: unknown): unknown => (v === '' ? undefined : v);
const whole = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const HOUR = 3_600_000;
const d = DEFAULT_SYNC_SETTINGS;

/** Heartbeats stay under the security settings' shortest socket idle timeout (30 s). */
export const MAX_HEARTBEAT_MS = 25_000;

export const LIVE_ENV = {
  SYNC_ENABLED: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .optional()
      .transform((v) => v === undefined || ['true', '1', 'yes'].includes(v)),
  ),
  SYNC_ACTIVE_INTERVAL_MS: whole(100, HOUR, d.activeIntervalMs),
  SYNC_IDLE_INTERVAL_MS: whole(100, HOUR, d.idleIntervalMs),
  SYNC_CONVERSATION_SWEEP_MS: whole(1000, 24 * HOUR, d.conversationSweepMs),
  SYNC_LEAD_SWEEP_MS: whole(1000, 24 * HOUR, d.leadSweepMs),
  SYNC_CUSTOMER_SWEEP_MS: whole(1000, 24 * HOUR, d.customerSweepMs),
  SYNC_CONTACT_PACE_MS: whole(100, HOUR, d.contactPaceMs),
  SYNC_ACTIVITY_PACE_MS: whole(100, HOUR, d.activityPaceMs),
  SYNC_LIST_SWEEP_MS: whole(1000, 24 * HOUR, d.listSweepMs),
  SYNC_TEMPLATE_SWEEP_MS: whole(1000, 24 * HOUR, d.templateSweepMs),
  SYNC_READS_PER_CYCLE: whole(1, 1000, d.readsPerCycle),
  SYNC_TICK_EVERY_MS: whole(100, HOUR, d.tickEveryMs),
  SYNC_BACKOFF_MAX_MS: whole(1000, 24 * HOUR, d.backoffMaxMs),
  SYNC_OUTAGE_RESYNC_MS: whole(0, 24 * HOUR, d.outageResyncMs),
  SYNC_LEASE_TTL_MS: whole(300, 10 * 60_000, d.leaseTtlMs),
  SYNC_CALLS_PER_MINUTE: whole(10, 100_000, d.callsPerMinute),
  EVENTS_HEARTBEAT_MS: whole(100, MAX_HEARTBEAT_MS, DEFAULT_STREAM_SETTINGS.heartbeatMs),
  EVENTS_STREAMS_PER_SESSION: whole(1, 100, DEFAULT_STREAM_SETTINGS.streamsPerSession),
  EVENTS_MAX_BUFFERED_BYTES: whole(1024, 64 * 1024 * 1024, DEFAULT_STREAM_SETTINGS.maxBufferedBytes),
  /** Accepted so an environment written for an older version still starts; see BusSettings. */
  EVENTS_REPLAY_COUNT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).optional()),
  EVENTS_REPLAY_AGE_MS: whole(1000, 24 * HOUR, DEFAULT_BUS_SETTINGS.maxAgeMs),
  EVENTS_REPLAY_MAX_BYTES: whole(MIB, 16 * 1024 * MIB, DEFAULT_BUS_SETTINGS.maxBytes),
};

type LiveEnv = {
  [K in Exclude<keyof typeof LIVE_ENV, 'EVENTS_REPLAY_COUNT'>]: z.output<(typeof LIVE_ENV)[K]>;
} & {
  readonly EVENTS_REPLAY_COUNT?: number | undefined;
};

export function liveSettingsFrom(e: LiveEnv): LiveSettings {
  const sync: SyncSettings = {
    enabled: e.SYNC_ENABLED,
    activeIntervalMs: e.SYNC_ACTIVE_INTERVAL_MS,
    idleIntervalMs: e.SYNC_IDLE_INTERVAL_MS,
    conversationSweepMs: e.SYNC_CONVERSATION_SWEEP_MS,
    leadSweepMs: e.SYNC_LEAD_SWEEP_MS,
    customerSweepMs: e.SYNC_CUSTOMER_SWEEP_MS,
    contactPaceMs: e.SYNC_CONTACT_PACE_MS,
    activityPaceMs: e.SYNC_ACTIVITY_PACE_MS,
    listSweepMs: e.SYNC_LIST_SWEEP_MS,
    templateSweepMs: e.SYNC_TEMPLATE_SWEEP_MS,
    readsPerCycle: e.SYNC_READS_PER_CYCLE,
    tickEveryMs: e.SYNC_TICK_EVERY_MS,
    backoffMaxMs: e.SYNC_BACKOFF_MAX_MS,
    outageResyncMs: e.SYNC_OUTAGE_RESYNC_MS,
    leaseTtlMs: e.SYNC_LEASE_TTL_MS,
    callsPerMinute: e.SYNC_CALLS_PER_MINUTE,
  };
  return {
    sync,
    stream: {
      heartbeatMs: e.EVENTS_HEARTBEAT_MS,
      streamsPerSession: e.EVENTS_STREAMS_PER_SESSION,
      maxBufferedBytes: e.EVENTS_MAX_BUFFERED_BYTES,
    },
    bus: {
      maxAgeMs: e.EVENTS_REPLAY_AGE_MS,
      maxBytes: e.EVENTS_REPLAY_MAX_BYTES,
      ...(e.EVENTS_REPLAY_COUNT !== undefined ? { ignoredReplayCount: e.EVENTS_REPLAY_COUNT } : {}),
    },
  };
}
