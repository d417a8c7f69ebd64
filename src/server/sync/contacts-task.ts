import { UpstreamError } from '../upstream/upstream-error';
import { catchUpTask } from './catch-up-task';
import { EVENT_KINDS } from './record-events';
import type { SyncContext } from './sync-context';
import { contactListRead, customersNeverRead, markContactListRead } from './sync-queries';
import { fullRead } from './full-read';
import type { SyncTask } from './sync-worker';

// Customers' contacts. The API lists a customer's contacts, never all of them (decisions.md), so
// the sync reads one customer at a time, as a catch-up (catch-up-task.ts): first every customer
// never read, in the customer list's order, then round robin for changes made outside the BFF.
// A screen that needs a customer's contacts before then reads them itself (read-through.ts).

export function contactsTask(ctx: SyncContext): SyncTask {
  return catchUpTask(ctx, {
    name: 'contacts',
    // No `ready`: customers arrive page by page, and those written so far are caught up on meanwhile.
    neverRead: (c, limit) => customersNeverRead(c.db, limit),
    table: 'ws_customers',
    cursor: 'contactCursor',
    left: 'contactsLeft',
    paceMs: (c) => c.settings.contactPaceMs,
    async read(c, customerId) {
      // The first read of a customer's contacts is a load (docs/live-sync.md).
      const cold = !(await contactListRead(c.db, customerId));
      try {
        await fullRead(
          c,
          EVENT_KINDS.contact,
          async (take) => take(await c.catchUp.call('contacts.byCustomer', { params: { customerId } })),
          { cold, scope: { customerId } },
        );
      } catch (error) {
        // A customer gone since the last customer sweep: the next one removes it; until then it
        // is not asked for again.
        if (!(error instanceof UpstreamError && error.status === 404)) throw error;
      }
      await markContactListRead(c.db, customerId, c.clock());
      return [];
    },
  });
}
