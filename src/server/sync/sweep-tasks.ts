import type { LiveEvent } from '../../contract';
import { UpstreamError } from '../upstream/upstream-error';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { replaceList, replaceTemplates, type ListName } from '../workspace/workspace-writer';
import { contactsTask } from './contacts-task';
import { followUpTask } from './follow-up-task';
import { announceConversations, SWEEP_PAGE } from './hot-task';
import { EVENT_KINDS } from './record-events';
import { fullRead } from './full-read';
import { coldLoaded, eachPageByOffset, isCold, type SyncContext, type SyncReader } from './sync-context';
import type { SyncTask } from './sync-worker';

// The slower reads: whole lists written page by page as they arrive (the tables answer what
// changed), then what the read did not return is removed. Each is its own task, so one failing
// resource never stops the others (docs/live-sync.md, "Reading order and cost").

const task = (name: string, intervalMs: () => number, run: () => Promise<void>): SyncTask => ({
  name,
  intervalMs,
  run,
});

/** A first load reads before the sweeps and catch-ups; a later sweep stretches (call-budget.ts). */
const reading = (ctx: SyncContext, cold: boolean): SyncReader => (cold ? ctx.load : ctx.read);

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
        (offset) => reading(ctx, cold).call('leads.list', { query: { offset, limit: SWEEP_PAGE } }),
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
        const list = await reading(ctx, cold).call('customers.list', { query: { page, limit: SWEEP_PAGE } });
        await take(list.customers);
        if (list.customers.length === 0 || page >= list.totalPages) break;
      }
    },
    { cold },
  );
  if (cold) await coldLoaded(ctx, 'customers');
}

async function sweepTemplates(ctx: SyncContext): Promise<void> {
  let failure: unknown = null;
  for (const channel of await new WorkspaceReader(ctx.db).primaryChannels()) {
    const startedAt = ctx.clock();
    try {
      const { templates } = await ctx.load.call('templates.list', { query: { channelId: channel.id } });
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
    contactsTask(ctx),
    // One call each (templates: one a channel), and the screens need them (the board's columns
    // are the stages; a closed window needs its templates): they read with the first loads.
    list('stages', async () => ({
      type: 'leadStages.replaced',
      stages: await ctx.load.call('leadStages.list'),
    })),
    list('tags', async () => ({ type: 'tags.replaced', tags: (await ctx.load.call('tags.list')).data })),
    list('channels', async () => ({
      type: 'channels.replaced',
      channels: (await ctx.load.call('channels.list')).channels,
    })),
    list('quickReplies', async () => ({
      type: 'quickReplies.replaced',
      quickReplies: (await ctx.load.call('quickReplies.list')).data,
    })),
    task(
      'templates',
      () => s.templateSweepMs,
      () => sweepTemplates(ctx),
    ),
    followUpTask(ctx),
  ];
}
