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

/** Newer first, then the smaller id: the order of the board's columns. */
const before = (a: { ms: number; id: string }, b: { ms: number; id: string }) =>
  a.ms !== b.ms ? a.ms > b.ms : a.id < b.id;

/**
 * The leads to read this run: up to `max` never-read ones, newest first, else the next in turn.
 * One pass keeping the newest `max` (a sort of every unread lead would cost a 50,000-lead
 * workspace a long pause every second of the back-fill).
 */
function pick(ctx: SyncContext, max: number): string[] {
  const { model, state } = ctx;
  const newest: { ms: number; id: string }[] = [];
  for (const lead of model.leads.values()) {
    if (state.activitiesRead.has(lead.id)) continue;
    const entry = { ms: Date.parse(lead.created_at) || 0, id: lead.id };
    if (newest.length === max && !before(entry, newest[newest.length - 1]!)) continue;
    let at = newest.length;
    while (at > 0 && before(entry, newest[at - 1]!)) at--;
    newest.splice(at, 0, entry);
    if (newest.length > max) newest.pop();
  }
  if (newest.length > 0) return newest.map((e) => e.id);
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

const leadsLoaded = (ctx: SyncContext): boolean =>
  ctx.model.loaded.has('leads') || ctx.state.coldDone.has('leads');

async function sweepFollowUps(ctx: SyncContext): Promise<void> {
  // Until the leads are loaded there is nothing to flag.
  if (!leadsLoaded(ctx)) return;
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
    // Until the leads are loaded and each was read once, it keeps the back-fill's pace.
    intervalMs: () => (!leadsLoaded(ctx) || hasUnread(ctx) ? BACKFILL_EVERY_MS : ctx.settings.activityPaceMs),
    run: () => sweepFollowUps(ctx),
  };
}
