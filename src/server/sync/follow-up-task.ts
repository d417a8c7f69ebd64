import { UpstreamError } from '../upstream/upstream-error';
import { catchUpTask } from './catch-up-task';
import { isCold, type SyncContext } from './sync-context';
import { followUpFromRead, leadsNeverRead, markActivitiesRead } from './sync-queries';
import type { SyncTask } from './sync-worker';

// The board's follow-up flags (a lead needs one when any of its activities has the outcome
// `follow_up_needed`, spec Part 2). The API has no aggregate or filter for it, so the sync reads one
// lead's activities at a time, as a catch-up (catch-up-task.ts): first every lead never read,
// newest first (the cards at the top of the columns), then round robin for changes made outside
// the BFF. An activity logged through the BFF raises the flag at once. Only changes are announced.

export function followUpTask(ctx: SyncContext): SyncTask {
  return catchUpTask(ctx, {
    name: 'followUps',
    // Until the leads are loaded there is nothing to flag.
    ready: async (c) => !(await isCold(c, 'leads')),
    neverRead: (c, limit) => leadsNeverRead(c.db, limit),
    table: 'ws_leads',
    cursor: 'activityCursor',
    left: 'activitiesLeft',
    paceMs: (c) => c.settings.activityPaceMs,
    async read(c, leadId) {
      const startedAt = c.clock();
      let activities;
      try {
        activities = await c.catchUp.call('activities.byLead', { params: { leadId } });
      } catch (error) {
        // A lead deleted since the last lead sweep: the next one removes it.
        if (error instanceof UpstreamError && error.status === 404) {
          await markActivitiesRead(c.db, leadId, c.clock());
          return [];
        }
        throw error;
      }
      const now = c.clock();
      await markActivitiesRead(c.db, leadId, now);
      const followUp = activities.some((a) => a.outcome === 'follow_up_needed');
      // A flag set since this read began is newer than what it says.
      if (!(await followUpFromRead(c.db, leadId, followUp, { startedAt, now }))) return [];
      return [{ event: { type: 'lead.followUp', id: leadId, followUp } }];
    },
  });
}
