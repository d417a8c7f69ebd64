import type { BusEvent, EventBus } from '../events/bus';

// For what the BFF derives from the sync into its database (the search index, report history):
// only the instance holding the sync's lease writes, so several instances do the work once. It
// sees every event on the bus while it holds the lease, and is told each time it takes the lease
// over (at start too) so it can catch up from its read model.

const TAKE_OVER_CHECK_MS = 5_000;

export interface LeaseFollower {
  readonly onEvent: (event: BusEvent) => void;
  readonly onTakeOver: () => void;
}

/** Starts following; returns the stop. */
export function followWhileLeaseHeld(
  bus: EventBus,
  holds: () => boolean,
  follower: LeaseFollower,
): () => void {
  let held = false;
  const check = () => {
    const now = holds();
    if (now && !held) follower.onTakeOver();
    held = now;
  };
  const unsubscribe = bus.subscribe((event) => {
    if (holds()) follower.onEvent(event);
  });
  const timer = setInterval(check, TAKE_OVER_CHECK_MS);
  timer.unref();
  check();
  return () => {
    clearInterval(timer);
    unsubscribe();
  };
}
