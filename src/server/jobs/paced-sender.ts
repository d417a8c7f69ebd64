import type { BodyOf, ResponseOf, RouteId } from '../../contract/routes';
import type { LookupCreate } from '../idempotency/same-record';
import type { UpstreamCallArgs, UpstreamClient } from '../upstream/upstream-client';
import { UpstreamError } from '../upstream/upstream-error';

// How a long run (a CSV import, a bulk action) talks to the upstream: one call at a time, spaced
// to a steady rate, every 429 waited out for as long as the upstream asks, a passing fault (no
// answer, a 5xx) tried again a few times. What it cannot get past is said in words, as one of two
// kinds: the item is wrong (the upstream refused it: the item is refused with the upstream's reason
// and the run goes on) or every item would fail (the key, a scope, a plan limit, an outage: the run
// pauses to be resumed). It sends within one slice of the run (src/server/imports/import-runner.ts,
// src/server/bulk/bulk-runner.ts): a wait that would outlast the slice is not begun, and nothing is
// sent after the slice's time; the item goes on in the next slice.

/** The upstream refused this item (`status`: its answer's); the run goes on with the next. */
export class ItemRefused extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
/** Nothing more can be sent now; the run pauses with this reason. */
export class RunPaused extends Error {}
/** Someone paused or cancelled the run during a wait (or this instance is closing): the slice ends. */
export class RunStopped extends Error {}

/** How the reasons a person reads name the upstream, one item and the run. */
export interface SenderWords {
  /** "the CRM", "the messaging service". */
  readonly upstream: string;
  readonly item: string;
  readonly run: string;
}

const IMPORT_WORDS: SenderWords = { upstream: 'the CRM', item: 'row', run: 'import' };
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Lost sends of one create that a slice hands on with its row, so the next slice counts on from there. */
export interface LostSends {
  readonly route: LookupCreate;
  readonly sends: number;
}

/**
 * The slice's time is up in the middle of a row (a wait, or a call, would go past `until`): the
 * row is left to the next slice, which must not start before `resumeAt` (the clock's ms: the end of
 * the wait, and of a lost answer's grace). `lost`: a create's lost sends so far, to count on.
 */
export class SliceOver extends Error {
  constructor(
    readonly resumeAt: number,
    readonly lost: LostSends | null = null,
  ) {
    super('The slice ran out of time in the middle of a row');
  }
}

/** How a create whose answer was lost to the timeout is resolved (docs/api-assumptions.md). */
export interface LostAnswerOptions {
  /** After a timeout the CRM may still make the record this long; only then is it sent again. */
  readonly graceMs: number;
  /** The record is looked for this often meanwhile. */
  readonly lookupEveryMs: number;
}

export const DEFAULT_LOST_ANSWER: LostAnswerOptions = { graceMs: 60_000, lookupEveryMs: 2_000 };
/** A create that times out this often (each time looked for, in vain, for the grace) pauses the import. */
const MAX_LOST_SENDS = 3;

/** Finds the record an earlier send of this create made (since that send), or null. */
export type FindCreated<R extends LookupCreate> = (
  upstream: PacedSenderOptions['upstream'],
  since: number,
) => Promise<ResponseOf<R> | null>;

export interface PacedSenderOptions {
  readonly upstream: Pick<UpstreamClient, 'call'>;
  /** Calls a second; 0 sends as fast as answers come (tests). */
  readonly callsPerSecond: number;
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Asked every couple of seconds of a long wait, so a pause or a cancel ends it; false: stop. */
  readonly stillRunning: () => Promise<boolean>;
  /**
   * No wait that would end later, and no call, begins after this time (the clock's ms): the slice
   * hands the row on (SliceOver). The job queue takes a slice still running long after as lost.
   */
  readonly until?: number;
  /** Waits between tries of a passing fault; the last one failing pauses the import. */
  readonly retryDelaysMs?: readonly number[];
  readonly lostAnswer?: LostAnswerOptions;
  /** How reasons name things (an import's by default). */
  readonly words?: SenderWords;
}

const RETRY_DELAYS_MS = [1_000, 4_000, 10_000];
const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;
const WAIT_SLICE_MS = 2_000;

const said = (error: UpstreamError): string =>
  error.detail.length > 0 ? error.detail.join('; ') : error.message;

export class PacedSender {
  private nextAt = 0;
  /** The lost sends the slice before counted for the row now sent (see `resumeLost`). */
  private lostBefore: LostSends | null = null;

  constructor(private readonly opts: PacedSenderOptions) {}

  /** The row now sent was handed on by a slice that had lost `lost` sends of one of its creates. */
  resumeLost(lost: LostSends | null): void {
    this.lostBefore = lost;
  }

  async call<R extends RouteId>(id: R, ...args: UpstreamCallArgs<R>): Promise<ResponseOf<R>> {
    const faults = { count: 0 };
    for (;;) {
      await this.pace();
      try {
        return await this.opts.upstream.call(id, ...args);
      } catch (error) {
        await this.getPast(error, faults);
      }
    }
  }

  /**
   * Sends a create. When an earlier send of it may have made the record (its answer was lost to
   * the timeout, the connection broke, a 5xx came back), the record is looked up before anything
   * is sent again: after a timeout, again and again for the grace, since the CRM may still be
   * working on it; only a record surely not made is sent again.
   */
  async create<R extends LookupCreate>(
    id: R,
    body: BodyOf<R>,
    find: FindCreated<R>,
    /** When a send before this run may have made it (a crash between send and outcome): look first. */
    maybeSentAt?: number,
  ): Promise<ResponseOf<R>> {
    const { graceMs, lookupEveryMs } = this.opts.lostAnswer ?? DEFAULT_LOST_ANSWER;
    const faults = { count: 0 };
    let sentAt: number | null = maybeSentAt ?? null;
    let lostAt: number | null = null;
    let lost = 0;
    // A slice before ran out of time while this create's answer was lost: count on from there, so
    // the import still pauses after MAX_LOST_SENDS however many slices they spread over.
    if (maybeSentAt !== undefined && this.lostBefore?.route === id) {
      lost = this.lostBefore.sends;
      this.lostBefore = null;
    }
    try {
      for (;;) {
        await this.pace();
        try {
          if (sentAt !== null) {
            const found = await find(this.opts.upstream, sentAt);
            if (found !== null) return found;
            if (lostAt !== null && this.opts.clock() - lostAt < graceMs) {
              await this.wait(lookupEveryMs);
              continue;
            }
            if (lost >= MAX_LOST_SENDS)
              throw new RunPaused(
                'The CRM did not confirm a record it was sent, and it is not there yet; resume to look again.',
              );
          }
          sentAt = this.opts.clock();
          lostAt = null;
          const args = [{ body }] as unknown as UpstreamCallArgs<R>;
          return await this.opts.upstream.call(id, ...args);
        } catch (error) {
          if (error instanceof UpstreamError && error.kind === 'timeout' && error.routeId === id) {
            // The CRM may still make it: look for it, never send it again at once.
            lostAt = this.opts.clock();
            lost += 1;
            continue;
          }
          await this.getPast(error, faults);
        }
      }
    } catch (error) {
      if (!(error instanceof SliceOver)) throw error;
      // Handed on within a lost answer's grace: the next slice looks once and may send again, so
      // it must not start before the grace has passed; and it counts the lost sends on.
      throw new SliceOver(
        Math.max(error.resumeAt, lostAt !== null ? lostAt + graceMs : 0),
        lost > 0 ? { route: id, sends: lost } : null,
      );
    }
  }

  /** Waits out what may pass (a rate limit, a passing fault); throws what stops the row or the import. */
  private async getPast(error: unknown, faults: { count: number }): Promise<void> {
    const delays = this.opts.retryDelaysMs ?? RETRY_DELAYS_MS;
    const words = this.opts.words ?? IMPORT_WORDS;
    const Upstream = capital(words.upstream);
    if (!(error instanceof UpstreamError)) throw error;
    if (error.kind === 'rate-limited') {
      await this.wait(error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS);
      return;
    }
    if (error.kind === 'key-refused')
      throw new RunPaused(
        `The workspace API key was refused by ${words.upstream}; an admin must fix the key.`,
      );
    if (error.kind === 'http' && error.status === 403)
      throw new RunPaused(`${Upstream} refused the ${words.run}: ${said(error)}`);
    if (error.kind === 'http' && error.status !== null && error.status < 500)
      throw new ItemRefused(
        `${Upstream} refused this ${words.item} (${error.status}): ${said(error)}`,
        error.status,
      );
    // No answer, a 5xx or an answer that does not fit the contract: it may pass.
    if (faults.count >= delays.length)
      throw new RunPaused(`${Upstream} is not answering (${error.message}); resume when it is back.`);
    await this.wait(delays[faults.count++]!);
  }

  private async pace(): Promise<void> {
    const now = this.opts.clock();
    const at = this.opts.callsPerSecond > 0 ? Math.max(now, this.nextAt) : now;
    if (this.opts.until !== undefined && at > this.opts.until) throw new SliceOver(at);
    if (this.opts.callsPerSecond <= 0) return;
    this.nextAt = at + 1000 / this.opts.callsPerSecond;
    if (at > now) await this.opts.sleep(at - now);
  }

  private async wait(ms: number): Promise<void> {
    // A wait that would outlast the slice is not begun: the queue waits instead (SliceOver).
    const endsAt = this.opts.clock() + ms;
    if (this.opts.until !== undefined && endsAt > this.opts.until) throw new SliceOver(endsAt);
    // A long wait is cut in pieces: a pause or a cancel during a long Retry-After takes effect
    // within one.
    for (let left = ms; left > 0; left -= WAIT_SLICE_MS) {
      await this.opts.sleep(Math.min(left, WAIT_SLICE_MS));
      if (!(await this.opts.stillRunning()))
        throw new RunStopped(`The ${(this.opts.words ?? IMPORT_WORDS).run} was paused or cancelled`);
    }
  }
}
