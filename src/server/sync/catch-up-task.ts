import type { Outgoing } from './record-events';
import { localFailure, READ_RETRY_MS } from './hot-task';
import type { SyncContext, WorkerState } from './sync-context';
import { nextId } from './sync-queries';
import type { SyncTask } from './sync-worker';

// A catch-up: one upstream call per record, for what the API has no list of (a customer's
// contacts, a lead's follow-up flag). First the records never read, in the order a screen shows
// them, `readsPerCycle` a run once a second: the calls come from the budget's catch-up share, so
// the pace is what the budget leaves (hours for 100,000 records at the default, not days). Then
// one record per `paceMs`, round robin, for changes made outside the BFF. Which records were read
// is kept in the tables, so a new holder of the lease goes on where the last one stopped.
//
// A record whose read fails for itself (a malformed answer, a 4xx) waits READ_RETRY_MS while the
// catch-up goes on with the others: one bad record never stops the queue behind it.

const BACKFILL_EVERY_MS = 1_000;

export interface CatchUp {
  readonly name: string;
  /** Whether there is anything to catch up on yet (absent: always). */
  ready?(ctx: SyncContext): Promise<boolean>;
  /** Records never read, in screen order. */
  neverRead(ctx: SyncContext, limit: number): Promise<string[]>;
  /** The table the round robin walks once every record was read. */
  readonly table: 'ws_customers' | 'ws_leads';
  readonly cursor: 'contactCursor' | 'activityCursor';
  /** Records still never read, as the last run saw. */
  readonly left: 'contactsLeft' | 'activitiesLeft';
  paceMs(ctx: SyncContext): number;
  /** Reads one record and writes it; the changes to announce. */
  read(ctx: SyncContext, id: string): Promise<readonly Outgoing[]>;
}

const waiting = (state: WorkerState, id: string, now: number): boolean => (state.retryAt.get(id) ?? 0) > now;

async function pick(ctx: SyncContext, c: CatchUp): Promise<string[]> {
  const { state, settings } = ctx;
  const now = ctx.clock();
  // Enough candidates to fill the run past the ones waiting after a failure.
  const never = await c.neverRead(ctx, settings.readsPerCycle + state.retryAt.size);
  const ready = never.filter((id) => !waiting(state, id, now)).slice(0, settings.readsPerCycle);
  state[c.left] = never.length > 0;
  if (never.length > 0) return ready;
  const next = await nextId(ctx.db, c.table, state[c.cursor]);
  if (next === null) return [];
  state[c.cursor] = next;
  return waiting(state, next, now) ? [] : [next];
}

async function run(ctx: SyncContext, c: CatchUp): Promise<void> {
  if (c.ready && !(await c.ready(ctx))) return;
  const out: Outgoing[] = [];
  for (const id of await pick(ctx, c)) {
    try {
      out.push(...(await c.read(ctx, id)));
      ctx.state.retryAt.delete(id);
    } catch (error) {
      if (!localFailure(error)) throw error;
      ctx.state.retryAt.set(id, ctx.clock() + READ_RETRY_MS);
      ctx.log.debug(
        { task: c.name, id, kind: error.kind, routeId: error.routeId },
        'catch-up read failed; later',
      );
    }
  }
  await ctx.announce(out);
}

export function catchUpTask(ctx: SyncContext, c: CatchUp): SyncTask {
  return {
    name: c.name,
    // Until every record was read once, it keeps the back-fill's pace.
    intervalMs: () => (ctx.state[c.left] ? BACKFILL_EVERY_MS : c.paceMs(ctx)),
    run: () => run(ctx, c),
  };
}
