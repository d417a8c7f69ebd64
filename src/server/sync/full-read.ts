import { removeUnread, upsertRecords } from '../workspace/workspace-writer';
import type { EventKind } from './record-events';
import type { SyncContext } from './sync-context';

/**
 * A full read of one kind: each page written as it arrives, changes announced unless it is a first
 * load, then the rows the read did not return removed (and announced).
 */
export async function fullRead<T extends { id: string }>(
  ctx: SyncContext,
  events: EventKind<T>,
  pages: (take: (page: T[]) => Promise<void>) => Promise<void>,
  opts: {
    readonly cold: boolean;
    readonly scope?: { customerId: string };
    onChanged?: (changed: T[]) => Promise<void>;
  },
): Promise<void> {
  const startedAt = ctx.clock();
  await pages(async (page) => {
    const changed = await upsertRecords(ctx.db, events.kind, page, {
      startedAt,
      now: ctx.clock(),
      full: true,
    });
    if (opts.cold || changed.length === 0) return;
    if (opts.onChanged) await opts.onChanged(changed);
    else await ctx.announce(changed.map((r) => ({ event: events.upserted(r) })));
  });
  const removed = await removeUnread(ctx.db, events.kind, { startedAt, now: ctx.clock() }, opts.scope);
  if (removed.length > 0) await ctx.announce(removed.map((id) => ({ event: events.removed(id) })));
}
