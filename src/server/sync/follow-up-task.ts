import { UpstreamError } from '../upstream/upstream-error';
import type { Outgoing } from './record-events';
import { isCold, type SyncContext } from './sync-context';
import { followUpFromRead, leadsNeverRead, markActivitiesRead, nextId } from './sync-queries';
import type { SyncTask } from './sync-worker';

// The board's follow-up flags (a lead needs one when any of its activities has the outcome
// `follow_up_needed`, spec Part 2). The API has no aggregate or filter for it, so the sync reads one
// lead's activities at a time: first every lead never read, newest first (the cards at the top of
// the columns), `readsPerCycle` a second; then one lead per `activityPaceMs`, round robin, for
// changes made outside the BFF. An activity logged through the BFF raises the flag at once. Only
// changes are announced. Which leads were read is kept in the tables, so a new holder of the lease
// goes on where the last one stopped.

const BACKFILL_EVERY_MS = 1_000;

async function pick(ctx: SyncContext, max: number): Promise<string[]> {
  const never = await leadsNeverRead(ctx.db, max);
  ctx.state.activitiesLeft = never.length > 0;
  if (never.length > 0) return never;
  const next = await nextId(ctx.db, 'ws_leads', ctx.state.activityCursor);
  if (next === null) return [];
  ctx.state.activityCursor = next;
  return [next];
}

async function readFollowUp(ctx: SyncContext, leadId: string): Promise<Outgoing | null> {
  const startedAt = ctx.clock();
  let activities;
  try {
    activities = await ctx.read.call('activities.byLead', { params: { leadId } });
  } catch (error) {
    // A lead deleted since the last lead sweep: the next one removes it.
    if (error instanceof UpstreamError && error.status === 404) {
      await markActivitiesRead(ctx.db, leadId, ctx.clock());
      return null;
    }
    throw error;
  }
  const now = ctx.clock();
  await markActivitiesRead(ctx.db, leadId, now);
  const followUp = activities.some((a) => a.outcome === 'follow_up_needed');
  // A flag set since this read began is newer than what it says.
  if (!(await followUpFromRead(ctx.db, leadId, followUp, { startedAt, now }))) return null;
  return { event: { type: 'lead.followUp', id: leadId, followUp } };
}

async function sweepFollowUps(ctx: SyncContext): Promise<void> {
  // Until the leads are loaded there is nothing to flag.
  if (await isCold(ctx, 'leads')) return;
  const out: Outgoing[] = [];
  for (const id of await pick(ctx, ctx.settings.readsPerCycle)) {
    const change = await readFollowUp(ctx, id);
    if (change) out.push(change);
  }
  await ctx.announce(out);
}

export function followUpTask(ctx: SyncContext): SyncTask {
  return {
    name: 'followUps',
    // Until every lead was read once, it keeps the back-fill's pace.
    intervalMs: () => (ctx.state.activitiesLeft ? BACKFILL_EVERY_MS : ctx.settings.activityPaceMs),
    run: () => sweepFollowUps(ctx),
  };
}
