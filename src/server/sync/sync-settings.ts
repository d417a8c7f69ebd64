// The live sync's settings (environment variables parsed in config.ts; documented in README and
// docs/live-sync.md). Tests pass short intervals.

export interface SyncSettings {
  /** Whether this instance may hold the lease and read the upstream (SYNC_ENABLED). */
  readonly enabled: boolean;
  /** The hot read while a browser is connected (SYNC_ACTIVE_INTERVAL_MS). */
  readonly activeIntervalMs: number;
  /** The hot read while none is (SYNC_IDLE_INTERVAL_MS). */
  readonly idleIntervalMs: number;
  readonly conversationSweepMs: number;
  readonly leadSweepMs: number;
  readonly customerSweepMs: number;
  /** One customer's contact list per this many ms (SYNC_CONTACT_PACE_MS). */
  readonly contactPaceMs: number;
  /** One lead's activities (its follow-up flag) per this many ms once every lead was read
   *  (SYNC_ACTIVITY_PACE_MS); before that, `readsPerCycle` leads a second. */
  readonly activityPaceMs: number;
  /** Stages, tags, channels, quick replies (SYNC_LIST_SWEEP_MS). */
  readonly listSweepMs: number;
  readonly templateSweepMs: number;
  /** Message pages (and unknown contacts) read per hot cycle at most (SYNC_READS_PER_CYCLE). */
  readonly readsPerCycle: number;
  /** A thread with a tick still moving is re-read at most this often (SYNC_TICK_EVERY_MS). */
  readonly tickEveryMs: number;
  /** Back-off after failures doubles up to this (SYNC_BACKOFF_MAX_MS). */
  readonly backoffMaxMs: number;
  /** An outage longer than this ends with a resync (SYNC_OUTAGE_RESYNC_MS). */
  readonly outageResyncMs: number;
  /** The lease's time to live; renewed every third of it (SYNC_LEASE_TTL_MS). */
  readonly leaseTtlMs: number;
  /**
   * The sync's upstream calls a minute at most, all tasks together (SYNC_CALLS_PER_MINUTE). The
   * hot read of new messages goes first; sweeps and catch-ups take what is left, so they stretch
   * as the workspace grows instead of raising the cost.
   */
  readonly callsPerMinute: number;
}

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  enabled: true,
  // Under a second, so that what a contact sends reaches a teammate's screen within one (issue 14):
  // a 1 s read is found up to a second late, before the stream and the screen add their part.
  activeIntervalMs: 750,
  idleIntervalMs: 10_000,
  conversationSweepMs: 60_000,
  leadSweepMs: 120_000,
  customerSweepMs: 300_000,
  contactPaceMs: 4_000,
  activityPaceMs: 4_000,
  listSweepMs: 60_000,
  templateSweepMs: 600_000,
  readsPerCycle: 8,
  tickEveryMs: 2_000,
  backoffMaxMs: 60_000,
  outageResyncMs: 300_000,
  leaseTtlMs: 6_000,
  // 10 a second: within what typical API plans allow (HubSpot's 100 per 10 s, for one), leaving
  // room for the team's own calls through the proxy.
  callsPerMinute: 600,
};
