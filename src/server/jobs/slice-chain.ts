import { createHash } from 'node:crypto';

// A long run (a CSV import, a bulk action) is a chain of slices on the job queue: a start or a
// resume queues the first, each slice queues the next before it completes. The next slice's id is
// derived from the run and the slice that queues it, so a slice run twice (its instance stopped
// after queuing the next, the queue ran it again) queues the same id again, which the queue takes
// as a no-op: one slice has at most one next (src/server/imports/import-slices.ts says the rest).

/** A namespace for the name-based (version 5) ids of jobs that must be queued once (next slices). */
const NAMESPACE = Buffer.from('5b0f7c1e8d2a4f6b9e3c7a1d2f4b6c8e', 'hex');

/**
 * A UUID of version 5 (RFC 9562): the SHA-1 of the namespace and the name, the same every time: a
 * job queued under it twice is queued once. Each user prefixes its names with its own.
 */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of the slice that `jobId` (a slice of the run `runId`) queues after itself. */
export const nextSliceId = (runId: string, jobId: string): string => nameBasedUuid(`${runId}/${jobId}`);

export interface SliceLimits {
  /** Items (rows, records) a slice sends at most. */
  readonly rows: number;
  /** A slice begins no item after this long (ms of the runner's clock). */
  readonly ms: number;
  /** Nor any call, nor a wait that would end later: the item goes on in the next slice. */
  readonly hardMs: number;
}

/**
 * 500 rows or 20 s, whichever comes first: long enough that queuing a slice costs little, short
 * enough that a slice lost with its instance is run again soon. The hard limit leaves a row that
 * began before 20 s time for a few of its calls and short waits; a longer wait (a long Retry-After,
 * a lost answer's grace) is waited by the queue, the row going on in a slice queued for its end.
 */
export const SLICE_LIMITS: SliceLimits = { rows: 500, ms: 20_000, hardMs: 45_000 };
/**
 * A slice's job still active this long after it started is taken as lost (its instance died) and
 * run again. Past `hardMs` a slice has at most one upstream call in flight (UPSTREAM_TIMEOUT_MS,
 * 15 s by default) and its bookkeeping left: it never gets near this while its instance lives.
 */
export const SLICE_EXPIRE_S = 90;
