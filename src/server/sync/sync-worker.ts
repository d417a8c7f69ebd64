import type { FastifyBaseLogger } from 'fastify';
import { UpstreamError } from '../upstream/upstream-error';
import { backoffDelay, rateLimitedUntil } from './backoff';

// The sync's scheduler: each task runs on its own timer and its own back-off, so a slow or failing
// resource never holds up the others. A 429 holds every task (the limit is the key's). Time and
// timers are injected, so tests run it without waiting.

export interface SyncTask {
  readonly name: string;
  /** Read on every reschedule, so the hot task can go faster while browsers watch. */
  intervalMs(): number;
  run(): Promise<void>;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A task's interval runs from one start to the next, so the hot read keeps its pace, not its pace
 * after its last reads ended: what a contact sends is found within one interval plus one read, not
 * plus two. A run longer than its interval is still followed by a quarter of one, so a slow
 * upstream never gets reads back to back.
 */
const nextDelay = (intervalMs: number, ranMs: number): number => Math.max(intervalMs - ranMs, intervalMs / 4);

export interface SyncWorkerOptions {
  readonly tasks: readonly SyncTask[];
  readonly clock: () => number;
  readonly timers?: Timers;
  readonly backoffMaxMs: number;
  readonly log: FastifyBaseLogger;
}

interface Slot {
  readonly task: SyncTask;
  failures: number;
  running: boolean;
  dueAt: number;
  timer: unknown;
}

export class SyncWorker {
  private readonly slots: Slot[];
  private readonly timers: Timers;
  private running = false;
  private holdUntil = 0;

  constructor(private readonly opts: SyncWorkerOptions) {
    this.timers = opts.timers ?? realTimers;
    this.slots = opts.tasks.map((task) => ({ task, failures: 0, running: false, dueAt: 0, timer: null }));
  }

  get active(): boolean {
    return this.running;
  }

  /** Starts every task at once (the first reads load or compare the model). */
  start(): void {
    if (this.running) return;
    this.running = true;
    for (const slot of this.slots) this.schedule(slot, 0);
  }

  /** Stops scheduling; a read in flight finishes on its own, and its results are not published. */
  /** Whether a task is reading now (a stopped worker lets it finish; its publish is then dropped). */
  get busy(): boolean {
    return this.slots.some((slot) => slot.running);
  }

  stop(): void {
    this.running = false;
    for (const slot of this.slots) this.clear(slot);
  }

  /** Every task waits until `until` (a 429's Retry-After). */
  hold(until: number): void {
    this.holdUntil = Math.max(this.holdUntil, until);
  }

  /** Runs a task now if it is not due sooner (a browser connected while the sync idled). */
  nudge(name: string): void {
    const slot = this.slots.find((s) => s.task.name === name);
    if (slot && this.running && !slot.running && slot.failures === 0) this.schedule(slot, 0);
  }

  /** Runs every idle task now (the upstream is back). */
  runAllNow(): void {
    if (!this.running) return;
    for (const slot of this.slots) if (!slot.running) this.schedule(slot, 0);
  }

  /** What each task is doing, for tests and diagnostics. */
  status(): { name: string; failures: number; dueInMs: number }[] {
    const now = this.opts.clock();
    return this.slots.map((s) => ({
      name: s.task.name,
      failures: s.failures,
      dueInMs: Math.max(0, s.dueAt - now),
    }));
  }

  private clear(slot: Slot): void {
    if (slot.timer !== null) this.timers.clearTimeout(slot.timer);
    slot.timer = null;
  }

  private schedule(slot: Slot, delayMs: number): void {
    this.clear(slot);
    if (!this.running) return;
    slot.dueAt = this.opts.clock() + delayMs;
    slot.timer = this.timers.setTimeout(() => void this.run(slot), delayMs);
  }

  private async run(slot: Slot): Promise<void> {
    slot.timer = null;
    if (!this.running || slot.running) return;
    const now = this.opts.clock();
    if (this.holdUntil > now) return this.schedule(slot, this.holdUntil - now);
    slot.running = true;
    try {
      await slot.task.run();
      slot.failures = 0;
      slot.running = false;
      this.schedule(slot, nextDelay(slot.task.intervalMs(), this.opts.clock() - now));
    } catch (error) {
      slot.running = false;
      const after = this.opts.clock();
      if (error instanceof UpstreamError && error.kind === 'rate-limited') {
        this.hold(rateLimitedUntil(error.retryAfterMs, after));
        return this.schedule(slot, this.holdUntil - after);
      }
      slot.failures += 1;
      const delay = backoffDelay(slot.task.intervalMs(), slot.failures, this.opts.backoffMaxMs);
      const detail =
        error instanceof UpstreamError ? { kind: error.kind, routeId: error.routeId } : { err: error };
      // The first failure in a row is worth a line; the rest would only repeat it.
      const level = slot.failures === 1 ? 'warn' : 'debug';
      this.opts.log[level](
        { task: slot.task.name, failures: slot.failures, retryInMs: delay, ...detail },
        'sync task failed',
      );
      this.schedule(slot, delay);
    }
  }
}
