import type { Lead } from '../../contract';
import { UpstreamError } from '../upstream/upstream-error';
import type { Outgoing } from './diff-records';
import type { SyncContext } from './sync-context';
import type { SyncTask } from './sync-worker';

// The board's follow-up flags (a lead needs one when any of its activities has the outcome
// `follow_up_needed`, spec Part 2). The API has no aggregate or filter for it, so the sync reads one
// lead's activities at a time: first every lead never read on this instance, newest first (the
// cards at the top of the columns), `readsPerCycle` a second; then one lead per
// `activityPaceMs`, round robin, for changes made outside the BFF. An activity logged through the
// BFF raises the flag at once (apply-event.ts, `activity.created`). Only changes are published.

const BACKFILL_EVERY_MS = 1_000;

const newestFirst = (a: Lead, b: Lead) =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? -1 : 1);

/** The leads to read this run: never-read ones first (up to `max`), else the next in turn. */
function pick(ctx: SyncContext, max: number): string[] {
  const { model, state } = ctx;
  const unread = [...model.leads.values()].filter((l) => !state.activitiesRead.has(l.id));
  if (unread.length > 0)
    return unread
      .sort(newestFirst)
      .slice(0, max)
      .map((l) => l.id);
  const ids = [...model.leads.keys()].sort();
  if (ids.length === 0) return [];
  const index = state.activityCursor % ids.length;
  state.activityCursor = index + 1;
  return [ids[index]!];
}

function hasUnread(ctx: SyncContext): boolean {
  for (const id of ctx.model.leads.keys()) if (!ctx.state.activitiesRead.has(id)) return true;
  return false;
}

async function readFollowUp(ctx: SyncContext, leadId: string): Promise<Outgoing | null> {
  const startedAt = ctx.clock();
  let activities;
  try {
    activities = await ctx.read.call('activities.byLead', { params: { leadId } });
  } catch (error) {
    // A lead deleted since the last lead sweep: the next one removes it.
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
  ctx.state.activitiesRead.add(leadId);
  // A flag set (or a lead changed) since this read began is newer than what it says.
  if (ctx.model.touchedAfter(`followUp:${leadId}`, startedAt)) return null;
  if (!ctx.model.leads.has(leadId)) return null;
  const followUp = activities.some((a) => a.outcome === 'follow_up_needed');
  if (followUp === ctx.model.followUps.has(leadId)) return null;
  return { event: { type: 'lead.followUp', id: leadId, followUp } };
}

async function sweepFollowUps(ctx: SyncContext): Promise<void> {
  // Until the leads are loaded there is nothing to flag.
  if (!ctx.model.loaded.has('leads') && !ctx.state.coldDone.has('leads')) return;
  const out: Outgoing[] = [];
  for (const id of pick(ctx, ctx.settings.readsPerCycle)) {
    const change = await readFollowUp(ctx, id);
    if (change) out.push(change);
  }
  await ctx.publish(out);
}

export function followUpTask(ctx: SyncContext): SyncTask {
  return {
    name: 'followUps',
    intervalMs: () => (hasUnread(ctx) ? BACKFILL_EVERY_MS : ctx.settings.activityPaceMs),
    run: () => sweepFollowUps(ctx),
  };
}
