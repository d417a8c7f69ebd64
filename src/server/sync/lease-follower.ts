import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent } from '../events/bus';
import type { ChangeSource } from './change-feed';

// For what the BFF derives from the sync into its database (the search index, report history):
// only the instance holding the sync's lease writes, so several instances do the work once. It
// sees every committed change (change-feed.ts) while it holds the lease, and is told each time it takes the lease
// over (at start too) so it can catch up from its read model.
//
// A follower that throws on one event (a record it cannot read) must not stop the events after it,
// nor the bus's other subscribers (issue 34): the event is skipped, counted and logged once per kind
// of failure. A take-over that throws is tried again at the next check.

const TAKE_OVER_CHECK_MS = 5_000;

export interface LeaseFollower {
  readonly onEvent: (event: BusEvent) => void;
  readonly onTakeOver: () => void;
}

export interface LeaseFollowerOptions {
  readonly log: FastifyBaseLogger;
  /** What follows, for the log lines ("search index", "history"). */
  readonly label: string;
}

/** Starts following; returns the stop. */
export function followWhileLeaseHeld(
  changes: ChangeSource,
  holds: () => boolean,
  follower: LeaseFollower,
  opts: LeaseFollowerOptions,
): () => void {
  let held = false;
  let skipped = 0;
  const logged = new Set<string>();
  const failed = (error: unknown, what: 'event' | 'take-over') => {
    const kind = `${what}:${error instanceof Error ? `${error.name}: ${error.message.slice(0, 100)}` : typeof error}`;
    if (logged.has(kind)) return;
    logged.add(kind);
    opts.log.warn(
      { follower: opts.label, err: error, skipped },
      what === 'event'
        ? `${opts.label}: could not take an event; skipped it and goes on`
        : `${opts.label}: catching up on taking the lease failed; trying again shortly`,
    );
  };
  const check = () => {
    const now = holds();
    if (now && !held) {
      try {
        follower.onTakeOver();
      } catch (error) {
        failed(error, 'take-over');
        return;
      }
    }
    held = now;
  };
  const unsubscribe = changes.subscribe((event) => {
    if (!holds()) return;
    try {
      follower.onEvent(event);
    } catch (error) {
      skipped += 1;
      failed(error, 'event');
    }
  });
  const timer = setInterval(check, TAKE_OVER_CHECK_MS);
  timer.unref();
  check();
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
