import type { LiveEvent } from '../../contract';
import { UpstreamError } from '../upstream/upstream-error';
import { WorkspaceReader } from '../workspace/workspace-reader';
import {
  removeUnread,
  replaceList,
  replaceTemplates,
  upsertRecords,
  type ListName,
} from '../workspace/workspace-writer';
import { followUpTask } from './follow-up-task';
import { announceConversations, SWEEP_PAGE } from './hot-task';
import { EVENT_KINDS, type EventKind } from './record-events';
import { coldLoaded, eachPageByOffset, isCold, type SyncContext } from './sync-context';
import { contactListRead, markContactListRead, nextId } from './sync-queries';
import type { SyncTask } from './sync-worker';

// The slower reads: whole lists written page by page as they arrive (the tables answer what
// changed), then what the read did not return is removed. Each is its own task, so one failing
// resource never stops the others (docs/live-sync.md, "Reading order and cost").

const task = (name: string, intervalMs: () => number, run: () => Promise<void>): SyncTask => ({
  name,
  intervalMs,
  run,
});

/**
 * A full read of one kind: each page written as it arrives, changes announced unless it is a first
 * load, then the rows the read did not return removed (and announced).
 */
async function fullRead<T extends { id: string }>(
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

/** Status, owner and AI changes that do not move `last_message_at`, and removals. */
async function sweepConversations(ctx: SyncContext): Promise<void> {
  // Until the hot task's first load, there is nothing to compare with.
  if (await isCold(ctx, 'conversations')) return;
  await fullRead(
    ctx,
    EVENT_KINDS.conversation,
    (take) =>
      eachPageByOffset(
        (offset) => ctx.read.call('conversations.list', { query: { offset, limit: SWEEP_PAGE } }),
        take,
      ),
    { cold: false, onChanged: (changed) => announceConversations(ctx, changed) },
  );
}

async function sweepLeads(ctx: SyncContext): Promise<void> {
  const cold = await isCold(ctx, 'leads');
  await fullRead(
    ctx,
    EVENT_KINDS.lead,
    (take) =>
      eachPageByOffset(
        (offset) => ctx.read.call('leads.list', { query: { offset, limit: SWEEP_PAGE } }),
        take,
      ),
    { cold },
  );
  if (cold) await coldLoaded(ctx, 'leads');
}

async function sweepCustomers(ctx: SyncContext): Promise<void> {
  const cold = await isCold(ctx, 'customers');
  await fullRead(
    ctx,
    EVENT_KINDS.customer,
    async (take) => {
      // The customer list pages by number only (spec Part 4).
      for (let page = 1; ; page++) {
        const list = await ctx.read.call('customers.list', { query: { page, limit: SWEEP_PAGE } });
        await take(list.customers);
        if (list.customers.length === 0 || page >= list.totalPages) break;
      }
    },
    { cold },
  );
  if (cold) await coldLoaded(ctx, 'customers');
}

/** One customer's contacts per run, round robin; removals within that customer. */
async function sweepContacts(ctx: SyncContext): Promise<void> {
  const customerId = await nextId(ctx.db, 'ws_customers', ctx.state.contactCursor);
  if (customerId === null) return;
  ctx.state.contactCursor = customerId;
  // The first read of a customer's contacts is a load (docs/live-sync.md).
  const cold = !(await contactListRead(ctx.db, customerId));
  try {
    await fullRead(
      ctx,
      EVENT_KINDS.contact,
      async (take) => take(await ctx.read.call('contacts.byCustomer', { params: { customerId } })),
      { cold, scope: { customerId } },
    );
  } catch (error) {
    // A customer gone since the last customer sweep: the next one removes it.
    if (error instanceof UpstreamError && error.status === 404) return;
    throw error;
  }
  await markContactListRead(ctx.db, customerId, ctx.clock());
}

async function sweepTemplates(ctx: SyncContext): Promise<void> {
  let failure: unknown = null;
  for (const channel of await new WorkspaceReader(ctx.db).primaryChannels()) {
    const startedAt = ctx.clock();
    try {
      const { templates } = await ctx.read.call('templates.list', { query: { channelId: channel.id } });
      if (await replaceTemplates(ctx.db, channel.id, templates, { startedAt, now: ctx.clock() }))
        await ctx.announce([{ event: { type: 'templates.replaced', channelId: channel.id, templates } }]);
    } catch (error) {
      // One channel's failure does not keep the others' templates from being read.
      if (error instanceof UpstreamError && (error.kind === 'malformed' || error.kind === 'http'))
        failure = error;
      else throw error;
    }
  }
  if (failure !== null) throw failure;
}

/** A list sent whole: written, and announced whole when it changed. */
async function sweepList(ctx: SyncContext, name: ListName, read: () => Promise<LiveEvent>): Promise<void> {
  const startedAt = ctx.clock();
  const event = await read();
  const items =
    event.type === 'leadStages.replaced'
      ? event.stages
      : event.type === 'tags.replaced'
        ? event.tags
        : event.type === 'channels.replaced'
          ? event.channels
          : event.type === 'quickReplies.replaced'
            ? event.quickReplies
            : [];
  if (await replaceList(ctx.db, name, items, { startedAt, now: ctx.clock() }))
    await ctx.announce([{ event }]);
}

export function sweepTasks(ctx: SyncContext): SyncTask[] {
  const s = ctx.settings;
  const list = (name: ListName, read: () => Promise<LiveEvent>) =>
    task(
      name,
      () => s.listSweepMs,
      () => sweepList(ctx, name, read),
    );
  return [
    task(
      'conversations',
      () => s.conversationSweepMs,
      () => sweepConversations(ctx),
    ),
    task(
      'leads',
      () => s.leadSweepMs,
      () => sweepLeads(ctx),
    ),
    task(
      'customers',
      () => s.customerSweepMs,
      () => sweepCustomers(ctx),
    ),
    task(
      'contacts',
      () => s.contactPaceMs,
      () => sweepContacts(ctx),
    ),
    list('stages', async () => ({
      type: 'leadStages.replaced',
      stages: await ctx.read.call('leadStages.list'),
    })),
    list('tags', async () => ({ type: 'tags.replaced', tags: (await ctx.read.call('tags.list')).data })),
    list('channels', async () => ({
      type: 'channels.replaced',
      channels: (await ctx.read.call('channels.list')).channels,
    })),
    list('quickReplies', async () => ({
      type: 'quickReplies.replaced',
      quickReplies: (await ctx.read.call('quickReplies.list')).data,
    })),
    task(
      'templates',
      () => s.templateSweepMs,
      () => sweepTemplates(ctx),
    ),
    followUpTask(ctx),
  ];
}
