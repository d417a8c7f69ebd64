import type { Conversation, Message } from '../../contract';
import { UpstreamError } from '../upstream/upstream-error';
import { diffMessages } from './diff-lists';
import { diffRecords, RECORD_KINDS, type Outgoing } from './diff-records';
import { sameRecord } from './same-record';
import { coldLoaded, isCold, readAllByOffset, type SyncContext } from './sync-context';
import type { SyncTask } from './sync-worker';

// The hot read, at the watched pace while anyone watches (750 ms by default): the newest
// conversations, then, in the same cycle and within a budget, the newest message page of threads
// that moved, of threads whose ticks are still moving, the contacts of new threads, and the
// back-fill of pages and contacts never read (docs/live-sync.md).

export const HOT_PAGE = 20;
export const SWEEP_PAGE = 100;
/** The hot read stops here even if every page brought something new: the sweep finds the rest. */
const MAX_HOT_PAGES = 5;
const PENDING_TICK_MS = 60_000;
const DELIVERED_TICK_MS = 30_000;
/** A thread page or a contact whose read failed (malformed, 404) is left alone this long. */
export const READ_RETRY_MS = 60_000;
const UNKNOWN_CONTACT_RETRY_MS = 10 * 60_000;

export type PlannedRead =
  | { readonly kind: 'page'; readonly id: string; readonly modelOnly: boolean }
  | { readonly kind: 'contact'; readonly id: string; readonly modelOnly: boolean };

export function hotTask(ctx: SyncContext): SyncTask {
  return {
    name: 'hot',
    // The back-fill of pages never read goes at the watched pace too, so it ends in seconds.
    intervalMs: () =>
      ctx.viewers() > 0 || ctx.state.backfillLeft > 0
        ? ctx.settings.activeIntervalMs
        : ctx.settings.idleIntervalMs,
    run: () => runHot(ctx),
  };
}

async function runHot(ctx: SyncContext): Promise<void> {
  const { model } = ctx;
  const startedAt = ctx.clock();
  const cold = isCold(ctx, 'conversations');
  const heldBefore = new Set(model.conversations.keys());
  const records = cold
    ? await readAllByOffset((offset) =>
        ctx.read.call('conversations.list', { query: { offset, limit: SWEEP_PAGE } }),
      )
    : await readNewest(ctx);
  const out = diffRecords(model, RECORD_KINDS.conversation, {
    records,
    startedAt,
    cold,
    ...(cold ? { full: { heldAtStart: heldBefore } } : {}),
  });
  markFresh(ctx, out, cold);
  await ctx.publish(out);
  if (cold) await coldLoaded(ctx, 'conversations');
  await readThreads(ctx);
}

/** Newest first, page after page, until a page ends on a row the model holds unchanged. */
async function readNewest(ctx: SyncContext): Promise<Conversation[]> {
  const records: Conversation[] = [];
  for (let i = 0; i < MAX_HOT_PAGES; i++) {
    const page = await ctx.read.call('conversations.list', {
      query: { offset: records.length, limit: HOT_PAGE },
    });
    records.push(...page.data);
    const oldest = page.data.at(-1);
    if (!page.hasMore || oldest === undefined) break;
    const held = ctx.model.conversation(oldest.id);
    if (held !== undefined && sameRecord(held, oldest)) break;
  }
  return records;
}

/**
 * Conversations that arrived or changed as a change (not a load): their page is read in this
 * cycle, and a first page goes to browsers, not only to the models (a back-fill would be quiet).
 */
export function markFresh(
  ctx: Pick<SyncContext, 'state' | 'model'>,
  out: readonly Outgoing[],
  cold: boolean,
): void {
  if (cold) return;
  for (const { event } of out)
    if (event.type === 'conversation.upserted') ctx.state.fresh.add(event.conversation.id);
}

const time = (iso: string | null | undefined): number => (iso ? Date.parse(iso) : -Infinity);

/**
 * Whether a page holds an outbound message whose tick may still move. Its age is the younger of
 * the upstream's `created_at` and when we first saw it in a change (clocks may differ).
 */
function ticking(page: readonly Message[], now: number, seenAt: ReadonlyMap<string, number>): boolean {
  return page.some((m) => {
    if (m.direction !== 'outbound') return false;
    const seen = seenAt.get(m.id);
    const age = Math.min(now - Date.parse(m.created_at), seen === undefined ? Infinity : now - seen);
    if (m.status === 'pending' || m.status === 'sent') return age < PENDING_TICK_MS;
    return m.status === 'delivered' && age < DELIVERED_TICK_MS;
  });
}

/**
 * What this cycle reads, most urgent first: moved threads, ticks, the contacts of new threads, then
 * the back-fill. The back-fill goes thread by thread, newest first, each page beside its unknown
 * contact, so after a start the inbox's first screen is whole (previews and names) within seconds
 * rather than after every contact of the workspace.
 */
export function planReads(
  ctx: Pick<SyncContext, 'model' | 'state' | 'settings'>,
  now: number,
): PlannedRead[] {
  const { model, state } = ctx;
  const moved: PlannedRead[] = [];
  const ticks: PlannedRead[] = [];
  const contacts: PlannedRead[] = [];
  const backfill: PlannedRead[] = [];
  const planned = new Set<string>();
  const waiting = (id: string) => (state.retryAt.get(id) ?? 0) > now;
  for (const c of model.conversationsNewestFirst()) {
    if (waiting(c.id)) continue;
    const page = model.messagesOf(c.id);
    if (page === undefined) {
      if (state.fresh.has(c.id)) moved.push({ kind: 'page', id: c.id, modelOnly: false });
      else backfill.push({ kind: 'page', id: c.id, modelOnly: true });
    } else {
      const readFor = state.pageReadFor.get(c.id) ?? page.at(-1)?.created_at;
      // A changed record (a reopen, say) is read too: `last_message_at` may not have moved.
      if (state.fresh.has(c.id) || time(c.last_message_at) > time(readFor))
        moved.push({ kind: 'page', id: c.id, modelOnly: false });
      else if (
        ticking(page, now, model.outboundSeenAt) &&
        now - (state.tickReadAt.get(c.id) ?? 0) >= ctx.settings.tickEveryMs
      )
        ticks.push({ kind: 'page', id: c.id, modelOnly: false });
    }
    const contactId = c.contact_id;
    if (!contactId || model.contacts.has(contactId) || waiting(contactId) || planned.has(contactId)) continue;
    planned.add(contactId);
    // A new thread's contact is news; one of a thread already held is only being loaded.
    if (state.fresh.has(c.id)) contacts.push({ kind: 'contact', id: contactId, modelOnly: false });
    else backfill.push({ kind: 'contact', id: contactId, modelOnly: true });
  }
  state.backfillLeft = backfill.length;
  return [...moved, ...ticks, ...contacts, ...backfill];
}

/** Failures that concern one thread or contact only; anything else ends the cycle. */
const localFailure = (error: unknown): error is UpstreamError =>
  error instanceof UpstreamError && (error.kind === 'malformed' || error.kind === 'http');

async function readThreads(ctx: SyncContext): Promise<void> {
  const plan = planReads(ctx, ctx.clock()).slice(0, ctx.settings.readsPerCycle);
  for (const item of plan) {
    const startedAt = ctx.clock();
    try {
      if (item.kind === 'page') await readPage(ctx, item.id, item.modelOnly, startedAt);
      else await readContact(ctx, item.id, item.modelOnly, startedAt);
      ctx.state.retryAt.delete(item.id);
    } catch (error) {
      if (!localFailure(error)) throw error;
      const wait = item.kind === 'contact' ? UNKNOWN_CONTACT_RETRY_MS : READ_RETRY_MS;
      ctx.state.retryAt.set(item.id, ctx.clock() + wait);
    }
  }
}

async function readPage(ctx: SyncContext, id: string, modelOnly: boolean, startedAt: number): Promise<void> {
  const lastAt = ctx.model.conversation(id)?.last_message_at ?? '';
  const page = await ctx.read.call('messages.list', { params: { id }, query: { limit: ctx.model.pageSize } });
  await ctx.publish(diffMessages(ctx.model, id, page, modelOnly));
  ctx.state.pageReadFor.set(id, lastAt);
  ctx.state.tickReadAt.set(id, startedAt);
  ctx.state.fresh.delete(id);
}

async function readContact(ctx: SyncContext, id: string, cold: boolean, startedAt: number): Promise<void> {
  const contact = await ctx.read.call('contacts.get', { params: { id } });
  await ctx.publish(diffRecords(ctx.model, RECORD_KINDS.contact, { records: [contact], startedAt, cold }));
}
