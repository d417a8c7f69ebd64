import * as z from 'zod/mini';
import { DateTime } from './common';

// Snoozing a thread (issue 38): the BFF's own state over the upstream's, which shows a `snoozed`
// status but no operation to set it (docs/api-assumptions.md). A snoozed thread leaves Open for
// Snoozed and comes back at `until`, marked unread for its owner, or sooner when anything new
// arrives in it.

/** The earliest and latest a snooze may end, from now. */
export const SNOOZE_MIN_MS = 60_000;
export const SNOOZE_MAX_MS = 366 * 24 * 3_600_000;

export const SnoozeBody = z.lazy(() =>
  z.strictObject({
    /** When the thread comes back to Open: at least a minute and at most a year from now. */
    until: DateTime,
  }),
);
export type SnoozeBody = z.infer<typeof SnoozeBody>;
