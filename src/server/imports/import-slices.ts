import type { LostSends } from './paced-sender';

// A running import is a chain of slices on the job queue (QUEUES.importRun, import-runner.ts): a
// start or a resume queues the first, each slice queues the next before it completes. Two slices
// of one import must never send at once (both would send the same row). Two guards keep it so:
//
// - The next slice's id is derived from the slice that queues it (nextSliceId, src/server/jobs):
//   a slice run twice (its instance stopped after queuing the next, the queue ran it again) queues
//   the same id again, which the queue takes as a no-op. One slice has at most one next.
// - Before sending, a slice looks at the import's other slices in the queue
//   (JobQueue.unfinished): another one running, and it waits its turn (queued again a second later);
//   another one queued, and it leaves the import to that one. A resume while the paused slice still
//   finishes its row (on another instance), or two chains, thus never send side by side, and their
//   chains merge into one at the next slice.
//
// A slice still running past its queue job's expiry would be run again beside itself; the runner's
// time limits (SLICE_LIMITS) end every slice well before it, so the queue runs a slice again only
// when its instance died or stopped.

export interface SliceJob {
  readonly importId: string;
  /** 1 for the slice a start or a resume queues; the next counts on (for the log). */
  readonly slice: number;
  /** A row handed on in the middle of a lost answer, with that create's lost sends so far. */
  readonly lost?: LostSends & { readonly row: number };
}
