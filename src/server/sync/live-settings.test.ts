import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config';
import { DEFAULT_STREAM_SETTINGS } from '../events/event-stream';
import { DEFAULT_BUS_SETTINGS } from './live-settings';
import { DEFAULT_SYNC_SETTINGS } from './sync-settings';

describe('the live settings in the environment', () => {
  it('default to the documented values', () => {
    const { live } = parseConfig({});
    expect(live.sync).toEqual(DEFAULT_SYNC_SETTINGS);
    expect(live.stream).toEqual(DEFAULT_STREAM_SETTINGS);
    expect(live.bus).toEqual(DEFAULT_BUS_SETTINGS);
  });

  it('read every variable', () => {
    const { live } = parseConfig({
      SYNC_ENABLED: 'false',
      SYNC_ACTIVE_INTERVAL_MS: '1500',
      SYNC_IDLE_INTERVAL_MS: '30000',
      SYNC_LEAD_SWEEP_MS: '300000',
      SYNC_READS_PER_CYCLE: '4',
      SYNC_LEASE_TTL_MS: '9000',
      EVENTS_HEARTBEAT_MS: '20000',
      EVENTS_STREAMS_PER_SESSION: '3',
      EVENTS_REPLAY_AGE_MS: '60000',
      EVENTS_REPLAY_MAX_BYTES: '33554432',
    });
    expect(live.sync).toMatchObject({
      enabled: false,
      activeIntervalMs: 1500,
      idleIntervalMs: 30_000,
      leadSweepMs: 300_000,
      readsPerCycle: 4,
      leaseTtlMs: 9000,
    });
    expect(live.stream).toMatchObject({ heartbeatMs: 20_000, streamsPerSession: 3 });
    expect(live.bus).toEqual({ maxAgeMs: 60_000, maxBytes: 32 * 1024 * 1024 });
  });

  it('still accept EVENTS_REPLAY_COUNT, which no longer bounds the bus, and keep it to be warned about', () => {
    const { live } = parseConfig({ EVENTS_REPLAY_COUNT: '10000' });
    expect(live.bus).toEqual({ ...DEFAULT_BUS_SETTINGS, ignoredReplayCount: 10_000 });
    expect(() => parseConfig({ EVENTS_REPLAY_MAX_BYTES: '1000' })).toThrow(/EVENTS_REPLAY_MAX_BYTES/);
  });

  it('name a bad variable, and keep the heartbeat under the socket idle timeout', () => {
    expect(() => parseConfig({ SYNC_ACTIVE_INTERVAL_MS: 'soon' })).toThrow(ConfigError);
    expect(() => parseConfig({ SYNC_READS_PER_CYCLE: '0' })).toThrow(/SYNC_READS_PER_CYCLE/);
    expect(() => parseConfig({ EVENTS_HEARTBEAT_MS: '30000' })).toThrow(/EVENTS_HEARTBEAT_MS/);
  });
});
