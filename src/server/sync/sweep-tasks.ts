import type { Customer } from '../../contract';
import { UpstreamError } from '../upstream/upstream-error';
import { diffList, diffTemplates } from './diff-lists';
import { diffRecords, heldIds, RECORD_KINDS } from './diff-records';
import { followUpTask } from './follow-up-task';
import { markFresh, SWEEP_PAGE } from './hot-task';
import { coldLoaded, isCold, readAllByOffset, type SyncContext } from './sync-context';
import type { SyncTask } from './sync-worker';

// The slower reads: whole lists compared with the model, removals included. Each is its own task,
// so one failing resource never stops the others (docs/live-sync.md, "Reading order and cost").

const task = (name: string, intervalMs: () => number, run: () => Promise<void>): SyncTask => ({
  name,
  intervalMs,
  run,
});

/** Status, owner and AI changes that do not move `last_message_at`, and removals. */
async function sweepConversations(ctx: SyncContext): Promise<void> {
  // Until the hot task's first load, there is nothing to compare with.
  if (isCold(ctx, 'conversations')) return;
  const startedAt = ctx.clock();
  const heldAtStart = heldIds(ctx.model, RECORD_KINDS.conversation);
  const records = await readAllByOffset((offset) =>
    ctx.read.call('conversations.list', { query: { offset, limit: SWEEP_PAGE } }),
  );
  const out = diffRecords(ctx.model, RECORD_KINDS.conversation, {
    records,
    startedAt,
    full: { heldAtStart },
  });
  markFresh(ctx, out, false);
  await ctx.publish(out);
}

async function sweepLeads(ctx: SyncContext): Promise<void> {
  const startedAt = ctx.clock();
  const cold = isCold(ctx, 'leads');
  const heldAtStart = heldIds(ctx.model, RECORD_KINDS.lead);
  const records = await readAllByOffset((offset) =>
    ctx.read.call('leads.list', { query: { offset, limit: SWEEP_PAGE } }),
  );
  await ctx.publish(
    diffRecords(ctx.model, RECORD_KINDS.lead, { records, startedAt, cold, full: { heldAtStart } }),
  );
  if (cold) await coldLoaded(ctx, 'leads');
}

async function sweepCustomers(ctx: SyncContext): Promise<void> {
  const startedAt = ctx.clock();
  const cold = isCold(ctx, 'customers');
  const heldAtStart = heldIds(ctx.model, RECORD_KINDS.customer);
  const records: Customer[] = [];
  // The customer list pages by number only (spec Part 4).
  for (let page = 1; ; page++) {
    const list = await ctx.read.call('customers.list', { query: { page, limit: SWEEP_PAGE } });
    records.push(...list.customers);
    if (list.customers.length === 0 || page >= list.totalPages) break;
  }
  await ctx.publish(
    diffRecords(ctx.model, RECORD_KINDS.customer, { records, startedAt, cold, full: { heldAtStart } }),
  );
  if (cold) await coldLoaded(ctx, 'customers');
}

/** One customer's contacts per run, round robin; removals within that customer. */
async function sweepContacts(ctx: SyncContext): Promise<void> {
  const customers = [...ctx.model.customers.keys()].sort();
  if (customers.length === 0) return;
  const index = ctx.state.contactCursor % customers.length;
  ctx.state.contactCursor = index + 1;
  const customerId = customers[index]!;
  const startedAt = ctx.clock();
  const heldAtStart = heldIds(ctx.model, RECORD_KINDS.contact, (c) => c.customer_id === customerId);
  let records;
  try {
    records = await ctx.read.call('contacts.byCustomer', { params: { customerId } });
  } catch (error) {
    // A customer gone since the last customer sweep: the next one removes it.
    if (error instanceof UpstreamError && error.status === 404) return;
    throw error;
  }
  // This instance's first read of a customer's contacts is a load (docs/live-sync.md).
  const cold = !ctx.state.contactListsRead.has(customerId);
  await ctx.publish(
    diffRecords(ctx.model, RECORD_KINDS.contact, { records, startedAt, cold, full: { heldAtStart } }),
  );
  ctx.state.contactListsRead.add(customerId);
  ctx.model.contactListsRead.add(customerId);
}

async function sweepTemplates(ctx: SyncContext): Promise<void> {
  let failure: unknown = null;
  for (const channel of ctx.model.primaryChannels()) {
    const startedAt = ctx.clock();
    try {
      const { templates } = await ctx.read.call('templates.list', { query: { channelId: channel.id } });
      await ctx.publish(diffTemplates(ctx.model, channel.id, templates, startedAt));
    } catch (error) {
      // One channel's failure does not keep the others' templates from being read.
      if (error instanceof UpstreamError && (error.kind === 'malformed' || error.kind === 'http'))
        failure = error;
      else throw error;
    }
  }
  if (failure !== null) throw failure;
}

export function sweepTasks(ctx: SyncContext): SyncTask[] {
  const s = ctx.settings;
  const list = (name: 'stages' | 'tags' | 'channels' | 'quickReplies', read: () => Promise<void>) =>
    task(name, () => s.listSweepMs, read);
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
    list('stages', async () => {
      const startedAt = ctx.clock();
      const items = await ctx.read.call('leadStages.list');
      await ctx.publish(diffList(ctx.model, { name: 'stages', items }, startedAt));
    }),
    list('tags', async () => {
      const startedAt = ctx.clock();
      const { data } = await ctx.read.call('tags.list');
      await ctx.publish(diffList(ctx.model, { name: 'tags', items: data }, startedAt));
    }),
    list('channels', async () => {
      const startedAt = ctx.clock();
      const { channels } = await ctx.read.call('channels.list');
      await ctx.publish(diffList(ctx.model, { name: 'channels', items: channels }, startedAt));
    }),
    list('quickReplies', async () => {
      const startedAt = ctx.clock();
      const { data } = await ctx.read.call('quickReplies.list');
      await ctx.publish(diffList(ctx.model, { name: 'quickReplies', items: data }, startedAt));
    }),
    task(
      'templates',
      () => s.templateSweepMs,
      () => sweepTemplates(ctx),
    ),
    followUpTask(ctx),
  ];
}
