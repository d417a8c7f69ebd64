import type { ResponseOf, RouteId } from '../../contract/routes';
import type { UpstreamCallArgs, UpstreamClient } from '../upstream/upstream-client';
import { UpstreamError } from '../upstream/upstream-error';

// How an import talks to the upstream: one call at a time, spaced to a steady rate, every 429
// waited out for as long as the upstream asks, a passing fault (no answer, a 5xx) tried again a
// few times. What it cannot get past is said in words, as one of two kinds: the row is wrong (the
// upstream refused it: the row is refused with the upstream's reason and the import goes on) or
// every row would fail (the key, a scope, a plan limit, an outage: the import pauses to be resumed).

/** The upstream refused this row; the import goes on with the next. */
export class RowRefused extends Error {}
/** Nothing more can be sent now; the import pauses with this reason. */
export class ImportPaused extends Error {}
/** Someone paused or cancelled the job during a wait: the run ends, the state is theirs. */
export class ImportStopped extends Error {}

export interface PacedSenderOptions {
  readonly upstream: Pick<UpstreamClient, 'call'>;
  /** Calls a second; 0 sends as fast as answers come (tests). */
  readonly callsPerSecond: number;
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Called while waiting out a long rate limit, so the job's claim stays alive; false: stop. */
  readonly keepAlive: () => Promise<boolean>;
  /** Waits between tries of a passing fault; the last one failing pauses the import. */
  readonly retryDelaysMs?: readonly number[];
}

const RETRY_DELAYS_MS = [1_000, 4_000, 10_000];
const DEFAULT_RATE_LIMIT_WAIT_MS = 5_000;
const WAIT_SLICE_MS = 2_000;

const said = (error: UpstreamError): string =>
  error.detail.length > 0 ? error.detail.join('; ') : error.message;

export class PacedSender {
  private nextAt = 0;

  constructor(private readonly opts: PacedSenderOptions) {}

  async call<R extends RouteId>(id: R, ...args: UpstreamCallArgs<R>): Promise<ResponseOf<R>> {
    const delays = this.opts.retryDelaysMs ?? RETRY_DELAYS_MS;
    let fault = 0;
    for (;;) {
      await this.pace();
      try {
        return await this.opts.upstream.call(id, ...args);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        if (error.kind === 'rate-limited') {
          await this.wait(error.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS);
          continue;
        }
        if (error.kind === 'key-refused')
          throw new ImportPaused('The workspace API key was refused by the CRM; an admin must fix the key.');
        if (error.kind === 'http' && error.status === 403)
          throw new ImportPaused(`The CRM refused the import: ${said(error)}`);
        if (error.kind === 'http' && error.status !== null && error.status < 500)
          throw new RowRefused(`The CRM refused this row (${error.status}): ${said(error)}`);
        // No answer, a 5xx or an answer that does not fit the contract: it may pass.
        if (fault >= delays.length)
          throw new ImportPaused(`The CRM is not answering (${error.message}); resume when it is back.`);
        await this.wait(delays[fault++]!);
      }
    }
  }

  private async pace(): Promise<void> {
    if (this.opts.callsPerSecond <= 0) return;
    const now = this.opts.clock();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + 1000 / this.opts.callsPerSecond;
    if (at > now) await this.opts.sleep(at - now);
  }

  private async wait(ms: number): Promise<void> {
    // A long wait is cut in slices: the claim on the job stays fresh, and a pause or a cancel
    // during a long Retry-After takes effect within a slice.
    for (let left = ms; left > 0; left -= WAIT_SLICE_MS) {
      await this.opts.sleep(Math.min(left, WAIT_SLICE_MS));
      if (!(await this.opts.keepAlive())) throw new ImportStopped('The import was paused or cancelled');
    }
  }
}
