import type { FastifyBaseLogger } from 'fastify';
import { SetAsideKeeper, type RefusedRow, type SetAsideSink } from './set-aside-keeper';
import { DatabaseUnavailableError, describeFailure, isUnavailable } from './store-errors';

// Entries for the database recorded on a hot path (the audit log after each answer has gone, the
// search index as the sync learns messages) go into a bounded buffer that is written in batches
// off that path, so the database never slows the proxy nor refuses a user's call. When the
// database is down the buffer holds what it can; past its bound the oldest entries are dropped,
// counted and warned about, so memory never grows.
//
// A row the database refuses (a value it cannot hold, a bad date: anything but an outage) must not
// hold back the rows behind it (issue 34: one U+0000 once stopped the audit log for good). A batch
// refused so is written again row by row; a row refused again is set aside (the set_aside table)
// with its error, for an operator to look at, and the rest goes on.

export interface BatchSink<T> {
  insert(records: readonly T[]): Promise<void>;
}

export type { SetAsideRow, SetAsideSink } from './set-aside-keeper';

export interface BatchWriterOptions {
  readonly log: FastifyBaseLogger;
  /** What the entries are, for the log lines ("audit", "search index"). */
  readonly label: string;
  /** Where refused rows are kept; absent, they are only counted and logged. */
  readonly setAside?: SetAsideSink;
  /** Entries held at most (waiting to be written). */
  readonly maxBuffered?: number;
  /** Entries per INSERT. */
  readonly batchSize?: number;
  /** How often waiting entries are written (ms); a full batch is written at once. */
  readonly flushIntervalMs?: number;
  /** After a failed write, the next waits this long (ms). */
  readonly retryAfterMs?: number;
  /** close() waits at most this long (ms) for the last write, so a hung database cannot hold
   *  the shutdown. */
  readonly closeTimeoutMs?: number;
}

export const DEFAULT_CLOSE_TIMEOUT_MS = 5000;

export interface BatchWriterStats {
  readonly buffered: number;
  readonly written: number;
  readonly dropped: number;
  readonly failedWrites: number;
  /** Rows the database refused, set aside. */
  readonly setAside: number;
}

export class BatchWriter<T> {
  private buffer: T[] = [];
  private written = 0;
  private dropped = 0;
  private failedWrites = 0;
  private setAsideCount = 0;
  /** Rows taken from the buffer by the write under way and not yet written nor set aside. */
  private inFlight = 0;
  private readonly keeper: SetAsideKeeper;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Immediate | null = null;
  private retryAt = 0;
  private outage = false;
  private closed = false;
  private readonly maxBuffered: number;
  private readonly batchSize: number;
  private readonly retryAfterMs: number;
  private readonly closeTimeoutMs: number;

  constructor(
    private readonly sink: BatchSink<T>,
    private readonly opts: BatchWriterOptions,
  ) {
    this.maxBuffered = opts.maxBuffered ?? 10_000;
    this.batchSize = opts.batchSize ?? 500;
    this.retryAfterMs = opts.retryAfterMs ?? 2000;
    this.closeTimeoutMs = opts.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
    this.keeper = new SetAsideKeeper({ label: opts.label, log: opts.log, sink: opts.setAside });
    const every = opts.flushIntervalMs ?? 500;
    this.timer = setInterval(() => void this.flush(), every);
    this.timer.unref();
  }

  /** Never throws and never waits: the caller is answering a request. */
  record(entry: T): void {
    if (this.closed) return;
    this.buffer.push(entry);
    if (this.buffer.length > this.maxBuffered) this.dropOldest(this.buffer.length - this.maxBuffered);
    if (this.buffer.length >= this.batchSize && this.soon === null && !this.outage) {
      this.soon = setImmediate(() => {
        this.soon = null;
        void this.flush();
      });
    }
  }

  /** Writes what is waiting (one write at a time); resolves when done or given up for now. */
  flush(): Promise<void> {
    if (this.flushing !== null) return this.flushing;
    if (this.buffer.length === 0 || Date.now() < this.retryAt) return Promise.resolve();
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  stats(): BatchWriterStats {
    return {
      buffered: this.buffer.length,
      written: this.written,
      dropped: this.dropped,
      failedWrites: this.failedWrites,
      setAside: this.setAsideCount,
    };
  }

  /** Stops the timer and makes a last attempt to write what is waiting, within the deadline. */
  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    if (this.soon !== null) clearImmediate(this.soon);
    this.timer = null;
    this.soon = null;
    this.retryAt = 0;
    let deadline: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      this.flush().then(() => false),
      new Promise<boolean>((resolve) => {
        deadline = setTimeout(() => resolve(true), this.closeTimeoutMs);
      }),
    ]);
    clearTimeout(deadline);
    // A write still hanging past the deadline ends the drain once it returns (drain checks this).
    this.closed = true;
    const unwritten = this.buffer.length + this.inFlight;
    if (unwritten > 0) {
      this.opts.log.warn(
        { writer: this.opts.label, unwritten, timedOut, deadlineMs: this.closeTimeoutMs },
        `${this.opts.label}: ${String(unwritten)} entries not written before shutdown`,
      );
    }
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0 && !this.closed) {
      const batch = this.buffer.splice(0, this.batchSize);
      this.inFlight = batch.length;
      try {
        if (!(await this.write(batch))) return;
      } finally {
        this.inFlight = 0;
      }
    }
  }

  /** Writes a batch; false when the database cannot serve (what is left of it is held again). */
  private async write(batch: T[]): Promise<boolean> {
    try {
      await this.sink.insert(batch);
    } catch (error) {
      if (isUnavailable(error)) {
        this.hold(batch, error);
        return false;
      }
      this.failedWrites++;
      return this.oneByOne(batch, error);
    }
    this.wrote(batch.length);
    return true;
  }

  /** The batch was refused for what it holds: each row alone, so only the bad ones are set aside. */
  private async oneByOne(batch: T[], batchError: unknown): Promise<boolean> {
    const refused: RefusedRow[] = [];
    let held = false;
    if (batch.length === 1) refused.push({ row: batch[0]!, error: batchError });
    else {
      for (let i = 0; i < batch.length; i++) {
        const row = batch[i]!;
        try {
          await this.sink.insert([row]);
          this.wrote(1);
        } catch (error) {
          if (isUnavailable(error)) {
            this.hold(batch.slice(i), error);
            held = true;
            break;
          }
          refused.push({ row, error });
        }
        this.inFlight--;
      }
    }
    if (refused.length > 0) await this.putAside(refused);
    return !held;
  }

  private async putAside(refused: readonly RefusedRow[]): Promise<void> {
    const { kept, lost } = await this.keeper.keep(refused);
    this.setAsideCount += kept;
    this.dropped += lost;
  }

  private wrote(count: number): void {
    this.written += count;
    if (this.outage) {
      this.outage = false;
      this.opts.log.info({ dropped: this.dropped }, `${this.opts.label}: writing to the database again`);
    }
  }

  /** The database cannot serve: the rows go back to the front, in order, for a later try. */
  private hold(rows: T[], error: unknown): void {
    this.failedWrites++;
    this.retryAt = Date.now() + this.retryAfterMs;
    // Newer entries that arrived meanwhile stay behind them.
    this.buffer = rows.concat(this.buffer);
    if (this.buffer.length > this.maxBuffered) this.dropOldest(this.buffer.length - this.maxBuffered);
    if (!this.outage) {
      this.outage = true;
      const reason = error instanceof DatabaseUnavailableError ? error.reason : describeFailure(error);
      this.opts.log.warn(
        { reason, buffered: this.buffer.length },
        `${this.opts.label}: cannot write to the database; holding entries`,
      );
    }
  }

  private dropOldest(count: number): void {
    this.buffer.splice(0, count);
    const before = this.dropped;
    this.dropped += count;
    // A warning at the first drop and at every further 1,000, not one per entry.
    if (before === 0 || Math.floor(before / 1000) !== Math.floor(this.dropped / 1000)) {
      this.opts.log.warn(
        { dropped: this.dropped, kept: this.maxBuffered },
        `${this.opts.label}: buffer full, oldest entries dropped`,
      );
    }
  }
}
