import type { SyncSettings } from '../sync/sync-settings';

/** The sync for tests on the fake: the hot read every 50 ms, the sweeps out of the way. */
export const FAST_SYNC: Partial<SyncSettings> = {
  activeIntervalMs: 50,
  idleIntervalMs: 50,
  backoffMaxMs: 200,
  conversationSweepMs: 60_000,
  leadSweepMs: 60_000,
  customerSweepMs: 60_000,
  contactPaceMs: 60_000,
  listSweepMs: 60_000,
  templateSweepMs: 60_000,
  // The upstream budget is tested on its own (sync/call-budget.test.ts); here it holds nothing back.
  callsPerMinute: 1_000_000,
};
