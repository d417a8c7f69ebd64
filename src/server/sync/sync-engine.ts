import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../contract';
import { UpstreamError } from '../upstream/upstream-error';
import { UpstreamHealth, type HealthChange } from './backoff';
import { forgetWorkspace, setMeta, type WorkspaceDb } from '../workspace/workspace-writer';
import type { Outgoing } from './record-events';
import { CallBudget, type CallPriority } from './call-budget';
import { hotTask } from './hot-task';
import { newWorkerState, resetWorkerState, type SyncContext, type SyncReader } from './sync-context';
import type { SyncSettings } from './sync-settings';
import { SyncWorker, type Timers } from './sync-worker';
import { sweepTasks } from './sweep-tasks';

// Assembles the sync of one instance: its reader (which also tracks whether the upstream can be
// read and says so on the stream), its tasks and its scheduler. Started while the instance holds
// the lease, stopped when it loses it.

export interface SyncEngineOptions {
  readonly reader: SyncReader;
  /** The workspace tables the sync writes (and learns what changed from). */
  readonly db: WorkspaceDb;
  readonly settings: SyncSettings;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  readonly timers?: Timers;
  /** Tells every instance's browsers of changes already in the tables. */
  announce(out: readonly Outgoing[]): Promise<void>;
  /** Tells this instance's consumers of quiet changes (loads): no browser. */
  quiet(events: readonly LiveEvent[]): void;
  viewers(): number;
}

export interface SyncEngine {
  readonly worker: SyncWorker;
  readonly health: UpstreamHealth;
  /** The sync's upstream calls so far (for the benchmark and diagnostics). */
  calls(): number;
  /**
   * Reads for the other catch-ups of the lease holder (the search index's back-fill of older
   * messages), taken from the sync's budget like its sweeps: SYNC_CALLS_PER_MINUTE caps them all.
   */
  readonly catchUpReader: SyncReader;
  start(): void;
  stop(): void;
  /** Runs one task now, outside the schedule (tests, diagnostics). */
  runTask(name: string): Promise<void>;
  /**
   * Forgets the workspace tables and reads the whole workspace again, cold (an operator's reload
   * after the upstream's data was restored or changed behind the API's back); browsers refetch
   * once it is done. Only on the syncing instance.
   */
  reload(): Promise<void>;
}

export function createSyncEngine(opts: SyncEngineOptions): SyncEngine {
  const { clock, log } = opts;
  const health = new UpstreamHealth(clock(), opts.settings.outageResyncMs);
  let running = false;
  // Set below; the reader needs the worker to hold every task on a 429.
  let worker: SyncWorker | null = null;

  const publish = async (out: readonly Outgoing[]): Promise<void> => {
    // A read that finishes after the lease was lost announces nothing.
    if (!running || out.length === 0) return;
    await opts.announce(out);
  };

  const report = (change: HealthChange | null): void => {
    if (change === null) return;
    const events: LiveEvent[] = [
      { type: 'upstream.status', state: change.state, since: new Date(change.since).toISOString() },
    ];
    if (change.resync) events.push({ type: 'resync', reason: 'upstream-returned' });
    log[change.state === 'ok' ? 'info' : 'warn']({ upstream: change.state }, 'upstream state changed');
    // Kept in the tables too: a stream opened later on any instance starts with it.
    void setMeta(opts.db, 'upstream', { state: change.state, since: new Date(change.since).toISOString() })
      .then(() => publish(events.map((event) => ({ event }))))
      .catch((err: unknown) => log.warn({ err }, 'could not publish the upstream state'));
    if (change.recovered) worker?.runAllNow();
  };

  // Wall time, not the injected clock: the budget is what the upstream sees per real minute.
  const budget = new CallBudget(opts.settings.callsPerMinute);
  const readerAt = (priority: CallPriority): SyncReader => ({
    call: async (id, ...args) => {
      await budget.take(priority);
      try {
        const result = await opts.reader.call(id, ...args);
        report(health.succeeded(clock()));
        return result;
      } catch (error) {
        if (error instanceof UpstreamError) {
          report(health.failed(error.kind, clock()));
        }
        throw error;
      }
    },
  });

  const ctx: SyncContext = {
    read: readerAt('sweep'),
    load: readerAt('load'),
    catchUp: readerAt('catch-up'),
    db: opts.db,
    settings: opts.settings,
    clock,
    log,
    state: newWorkerState(),
    announce: publish,
    quiet: (events) => {
      if (running && events.length > 0) opts.quiet(events);
    },
    viewers: opts.viewers,
  };
  const tasks = [hotTask({ ...ctx, read: readerAt('hot') }), ...sweepTasks(ctx)];
  worker = new SyncWorker({
    tasks,
    clock,
    backoffMaxMs: opts.settings.backoffMaxMs,
    log,
    ...(opts.timers ? { timers: opts.timers } : {}),
  });
  const w = worker;
  return {
    worker: w,
    health,
    calls: () => budget.calls,
    catchUpReader: ctx.catchUp,
    start() {
      running = true;
      w.start();
    },
    stop() {
      running = false;
      w.stop();
      budget.release();
    },
    async reload() {
      const wasRunning = running;
      running = false;
      w.stop();
      // A read under way began before the reload: it finishes (publishing nothing) first.
      while (w.busy) await new Promise((resolve) => setTimeout(resolve, 20));
      resetWorkerState(ctx.state);
      // Forgotten, then read cold: the upstream's data may have gone back in time (a restore), which
      // the guard against older `updated_at` would otherwise refuse. Browsers refetch at the end.
      await forgetWorkspace(opts.db);
      if (wasRunning) {
        running = true;
        w.start();
      }
    },
    runTask(name) {
      const task = tasks.find((t) => t.name === name);
      if (!task) throw new Error(`No sync task ${name}`);
      return task.run();
    },
  };
}
