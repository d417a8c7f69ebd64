import * as z from 'zod/mini';
import { Role } from './bff';
import { DateTime } from './common';

// Availability (issue 39): each teammate is Available, Busy or Away. The BFF keeps each person's
// choice and when a tab of theirs last held the live stream; whoever has had no tab open for
// longer than the team's idle time (AVAILABILITY_AWAY_AFTER_MINUTES) counts as Away, whatever they
// chose. That is worked out when read (effectiveAvailability), so it needs no timer to be right;
// the `availability.changed` event only tells browsers sooner.

export const AVAILABILITY_STATUSES = ['available', 'busy', 'away'] as const;
export const AvailabilityStatus = z.enum(AVAILABILITY_STATUSES);
export type AvailabilityStatus = z.infer<typeof AvailabilityStatus>;

/** The words people read for each status. */
export const AVAILABILITY_LABELS: Readonly<Record<AvailabilityStatus, string>> = {
  available: 'Available',
  busy: 'Busy',
  away: 'Away',
};

/** One teammate as the team page shows them. */
export const TeammateAvailability = z.lazy(() =>
  z.looseObject({
    username: z.string(),
    name: z.string(),
    role: Role,
    /** What counts now: their choice, or Away when no tab of theirs has been open for the idle time. */
    status: AvailabilityStatus,
    /** What they chose (Available until they choose). */
    chosen: AvailabilityStatus,
    /** Away because no tab was open, not by choice. */
    auto: z.boolean(),
    /** Since when `status` holds; null when never known (never signed in, never chose). */
    since: z.nullable(DateTime),
    /** When a tab of theirs last held the live stream; null: never. */
    lastSeenAt: z.nullable(DateTime),
    /** Open threads assigned to them, as the workspace tables hold them. */
    openThreads: z.int(),
  }),
);
export type TeammateAvailability = z.infer<typeof TeammateAvailability>;

/** `GET /bff/availability`: the team, Available first, then Busy, then Away, each by name. */
export const TeamAvailability = z.lazy(() =>
  z.looseObject({
    members: z.array(TeammateAvailability),
    /** The team's idle time before Away, in minutes. */
    awayAfterMinutes: z.int(),
  }),
);
export type TeamAvailability = z.infer<typeof TeamAvailability>;

/** `PUT /bff/availability/me` */
export const AvailabilityBody = z.lazy(() => z.strictObject({ status: AvailabilityStatus }));
export type AvailabilityBody = z.infer<typeof AvailabilityBody>;

/** What the BFF keeps per person (times in ms; null: not known). */
export interface StoredAvailability {
  readonly chosen: AvailabilityStatus;
  readonly chosenAt: number | null;
  readonly lastSeenAt: number | null;
  /** When a tab came back after none had been open for the idle time. */
  readonly backAt: number | null;
}

/** Whether no tab has been open for longer than the idle time (never seen counts as idle). */
export const idleAway = (stored: StoredAvailability, now: number, awayAfterMs: number): boolean =>
  stored.lastSeenAt === null || now - stored.lastSeenAt > awayAfterMs;

/** What counts now: the choice, or Away (automatically) once no tab has been open for the idle time. */
export function effectiveAvailability(
  stored: StoredAvailability,
  now: number,
  awayAfterMs: number,
): { status: AvailabilityStatus; auto: boolean; since: number | null } {
  if (stored.chosen !== 'away' && idleAway(stored, now, awayAfterMs)) {
    const since = stored.lastSeenAt === null ? null : stored.lastSeenAt + awayAfterMs;
    return { status: 'away', auto: true, since };
  }
  // The choice holds from when it was made, or from when a tab came back after being away.
  const known = [stored.chosenAt, stored.backAt].filter((t) => t !== null);
  return { status: stored.chosen, auto: false, since: known.length > 0 ? Math.max(...known) : null };
}

const RANK: Readonly<Record<AvailabilityStatus, number>> = { available: 0, busy: 1, away: 2 };

/** The team page's order: Available, Busy, Away; then by name. */
export const byAvailability = (
  a: Pick<TeammateAvailability, 'status' | 'name'>,
  b: Pick<TeammateAvailability, 'status' | 'name'>,
): number => RANK[a.status] - RANK[b.status] || a.name.localeCompare(b.name);
