import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailableError } from './store-errors';

// Entries for the database recorded on a hot path (the audit log after each answer has gone, the
// search index as the sync learns messages) go into a bounded buffer that is written in batches
// off that path, so the database never slows the proxy nor refuses a user's call. When the
// database is down the buffer holds what it can; past its bound the oldest entries are dropped,
// counted and warned about, so memory never grows.

export interface BatchSink<T> {
  insert(records: readonly T[]): Promise<void>;
}

export interface BatchWriterOptions {
  readonly log: FastifyBaseLogger;
  /** What the entries are, for the log lines ("audit", "search index"). */
  readonly label: string;
  /** Entries held at most (waiting to be written). */
  readonly maxBuffered?: number;
  /** Entries per INSERT. */
  readonly batchSize?: number;
  /** How often waiting entries are written (ms); a full batch is written at once. */
  readonly flushIntervalMs?: number;
  /** After a failed write, the next waits this long (ms). */
  readonly retryAfterMs?: number;
}

export interface BatchWriterStats {
  readonly buffered: number;
  readonly written: number;
  readonly dropped: number;
  readonly failedWrites: number;
}

export class BatchWriter<T> {
  private buffer: T[] = [];
  private written = 0;
  private dropped = 0;
  private failedWrites = 0;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Immediate | null = null;
  private retryAt = 0;
  private outage = false;
  private closed = false;
  private readonly maxBuffered: number;
  private readonly batchSize: number;
  private readonly retryAfterMs: number;

  constructor(
    private readonly sink: BatchSink<T>,
    private readonly opts: BatchWriterOptions,
  ) {
    this.maxBuffered = opts.maxBuffered ?? 10_000;
    this.batchSize = opts.batchSize ?? 500;
    this.retryAfterMs = opts.retryAfterMs ?? 2000;
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
    };
  }

  /** Stops the timer and makes a last attempt to write what is waiting. */
  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    if (this.soon !== null) clearImmediate(this.soon);
    this.timer = null;
    this.soon = null;
    this.retryAt = 0;
    await this.flush();
    this.closed = true;
    if (this.buffer.length > 0) {
      this.opts.log.warn(
        { unwritten: this.buffer.length },
        `${this.opts.label}: entries not written before shutdown`,
      );
    }
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.batchSize);
      try {
        await this.sink.insert(batch);
      } catch (error) {
        this.failedWrites++;
        this.retryAt = Date.now() + this.retryAfterMs;
        // Back at the front, in order; newer entries that arrived meanwhile stay behind them.
        this.buffer = batch.concat(this.buffer);
        if (this.buffer.length > this.maxBuffered) this.dropOldest(this.buffer.length - this.maxBuffered);
        if (!this.outage) {
          this.outage = true;
          const reason = error instanceof DatabaseUnavailableError ? error.reason : String(error);
          this.opts.log.warn(
            { reason, buffered: this.buffer.length },
            `${this.opts.label}: cannot write to the database; holding entries`,
          );
        }
        return;
      }
      this.written += batch.length;
      if (this.outage) {
        this.outage = false;
        this.opts.log.info({ dropped: this.dropped }, `${this.opts.label}: writing to the database again`);
      }
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
