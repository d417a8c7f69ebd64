import type { Conversation, LiveEvent, MessagePage } from '../../contract';
import { UpstreamError } from '../upstream/upstream-error';
import { CONTACTS, CONVERSATIONS } from '../workspace/record-kinds';
import { mergeMessages, removeUnread, upsertRecords } from '../workspace/workspace-writer';
import { EVENT_KINDS, type Outgoing } from './record-events';
import { coldLoaded, eachPageByOffset, isCold, type SyncContext } from './sync-context';
import { heldMessages, markPageRead, threadsToRead, tickingThreads, unknownContacts } from './sync-queries';
import type { SyncTask } from './sync-worker';

// The hot read, at the watched pace while anyone watches (750 ms by default): the newest
// conversations, then, in the same cycle and within a budget, the newest message page of threads
// that moved, of threads whose ticks are still moving, the contacts of new threads, and the
// back-fill of pages and contacts never read (docs/live-sync.md). What changed is what the
// workspace tables say changed when the page is written.

export const HOT_PAGE = 20;
export const SWEEP_PAGE = 100;
/** The newest page of a thread's messages the sync reads. */
export const MESSAGE_PAGE = 20;
/** The hot read stops here even if every page brought something new: the sweep finds the rest. */
const MAX_HOT_PAGES = 5;
const PENDING_TICK_MS = 60_000;
const DELIVERED_TICK_MS = 30_000;
/** A thread page or a contact whose read failed (malformed, 404) is left alone this long. */
export const READ_RETRY_MS = 60_000;
const UNKNOWN_CONTACT_RETRY_MS = 10 * 60_000;

export type PlannedRead =
  | { readonly kind: 'page'; readonly id: string; readonly quiet: boolean }
  | { readonly kind: 'contact'; readonly id: string; readonly quiet: boolean };

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
  if (await isCold(ctx, 'conversations')) {
    // A first load: written quietly (nothing to tell a browser that has not loaded yet).
    const startedAt = ctx.clock();
    await eachPageByOffset(
      (offset) => ctx.read.call('conversations.list', { query: { offset, limit: SWEEP_PAGE } }),
      async (page) => {
        const changed = await upsertRecords(ctx.db, CONVERSATIONS, page, {
          startedAt,
          now: ctx.clock(),
          full: true,
        });
        ctx.quiet(changed.map((c) => EVENT_KINDS.conversation.upserted(c)));
      },
    );
    await removeUnread(ctx.db, CONVERSATIONS, { startedAt, now: ctx.clock() });
    await coldLoaded(ctx, 'conversations');
  } else {
    await readNewest(ctx);
  }
  await readThreads(ctx);
}

/** Newest first, page after page, until a page ends on a row the tables hold unchanged. */
async function readNewest(ctx: SyncContext): Promise<void> {
  let offset = 0;
  for (let i = 0; i < MAX_HOT_PAGES; i++) {
    const startedAt = ctx.clock();
    const page = await ctx.read.call('conversations.list', { query: { offset, limit: HOT_PAGE } });
    const changed = await upsertRecords(ctx.db, CONVERSATIONS, page.data, { startedAt, now: ctx.clock() });
    await announceConversations(ctx, changed);
    offset += page.data.length;
    const oldest = page.data.at(-1);
    if (!page.hasMore || oldest === undefined || !changed.some((c) => c.id === oldest.id)) return;
  }
}

/**
 * Conversations that arrived or changed as a change (not a load) go to browsers, and their page is
 * read in this cycle (a first page goes to browsers too: it is news, not back-fill).
 */
export async function announceConversations(
  ctx: SyncContext,
  changed: readonly Conversation[],
): Promise<void> {
  for (const c of changed) ctx.state.fresh.add(c.id);
  await ctx.announce(changed.map((c) => ({ event: EVENT_KINDS.conversation.upserted(c) })));
}

/**
 * What this cycle reads, most urgent first: moved threads, ticks, the contacts of new threads, then
 * the back-fill, thread by thread, newest first, each page beside its unknown contact, so after a
 * start the inbox's first screen is whole (previews and names) within seconds.
 */
export async function planReads(ctx: SyncContext, now: number): Promise<PlannedRead[]> {
  const { state, settings } = ctx;
  const budget = settings.readsPerCycle;
  const waiting = (id: string) => (state.retryAt.get(id) ?? 0) > now;
  // Enough candidates to fill the cycle past the ones waiting after a failure.
  const window = budget + state.retryAt.size;
  const [toRead, ticking, contacts] = await Promise.all([
    threadsToRead(ctx.db, window),
    tickingThreads(ctx.db, now, PENDING_TICK_MS, DELIVERED_TICK_MS),
    unknownContacts(ctx.db, window),
  ]);
  const moved: PlannedRead[] = [];
  const backfill: PlannedRead[] = [];
  for (const t of toRead) {
    if (waiting(t.id)) continue;
    // A changed record (a reopen, say) is read too: fresh ones are in `toRead` or below.
    if (t.page_read || state.fresh.has(t.id)) moved.push({ kind: 'page', id: t.id, quiet: false });
    else backfill.push({ kind: 'page', id: t.id, quiet: true });
  }
  for (const id of state.fresh)
    if (!waiting(id) && !moved.some((p) => p.id === id)) moved.push({ kind: 'page', id, quiet: false });
  const ticks: PlannedRead[] = ticking
    .filter((id) => !waiting(id) && !moved.some((p) => p.id === id))
    .filter((id) => now - (state.tickReadAt.get(id) ?? 0) >= settings.tickEveryMs)
    .map((id) => ({ kind: 'page', id, quiet: false }));
  const newContacts: PlannedRead[] = [];
  const planned = new Set<string>();
  for (const c of contacts) {
    if (waiting(c.contact_id) || planned.has(c.contact_id)) continue;
    planned.add(c.contact_id);
    // A new thread's contact is news; one of a thread already held is only being loaded.
    if (state.fresh.has(c.id)) newContacts.push({ kind: 'contact', id: c.contact_id, quiet: false });
    else backfill.push({ kind: 'contact', id: c.contact_id, quiet: true });
  }
  state.backfillLeft = backfill.length;
  return [...moved, ...ticks, ...newContacts, ...backfill];
}

/** Failures that concern one thread or contact only; anything else ends the cycle. */
export const localFailure = (error: unknown): error is UpstreamError =>
  error instanceof UpstreamError && (error.kind === 'malformed' || error.kind === 'http');

async function readThreads(ctx: SyncContext): Promise<void> {
  const plan = (await planReads(ctx, ctx.clock())).slice(0, ctx.settings.readsPerCycle);
  for (const item of plan) {
    const startedAt = ctx.clock();
    try {
      if (item.kind === 'page') await readPage(ctx, item.id, item.quiet, startedAt);
      else await readContact(ctx, item.id, item.quiet, startedAt);
      ctx.state.retryAt.delete(item.id);
    } catch (error) {
      if (!localFailure(error)) throw error;
      const wait = item.kind === 'contact' ? UNKNOWN_CONTACT_RETRY_MS : READ_RETRY_MS;
      ctx.state.retryAt.set(item.id, ctx.clock() + wait);
      ctx.state.fresh.delete(item.id);
    }
  }
}

async function readPage(ctx: SyncContext, id: string, quiet: boolean, startedAt: number): Promise<void> {
  const conversation = await ctx.db
    .selectFrom('ws_conversations')
    .select(['last_message_at'])
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (conversation === undefined) {
    ctx.state.fresh.delete(id);
    return;
  }
  const page = await ctx.read.call('messages.list', { params: { id }, query: { limit: MESSAGE_PAGE } });
  const event = await writePage(ctx, id, page, quiet);
  if (event) await ctx.announce([{ event }]);
  await markPageRead(ctx.db, id, conversation.last_message_at?.toISOString() ?? null);
  ctx.state.tickReadAt.set(id, startedAt);
  ctx.state.fresh.delete(id);
}

/**
 * Writes a thread's newest page; the event for browsers when something changed (null for a quiet
 * load). `gap` when the page does not reach back to what the tables held: more than a page arrived
 * between two reads, so a browser drops what it cached of the thread and reads it again.
 */
export async function writePage(
  ctx: Pick<SyncContext, 'db' | 'clock' | 'quiet'>,
  conversationId: string,
  page: MessagePage,
  quiet: boolean,
): Promise<LiveEvent | null> {
  const oldestFirst = [...page.data].reverse();
  const before = await heldMessages(
    ctx.db,
    conversationId,
    oldestFirst.map((m) => m.id),
  );
  const changed = await mergeMessages(ctx.db, conversationId, oldestFirst, {
    now: ctx.clock(),
    seen: !quiet,
  });
  const oldestRead = oldestFirst[0];
  const gap =
    before.newestAt !== null &&
    oldestRead !== undefined &&
    page.hasMore &&
    before.held.size === 0 &&
    Date.parse(oldestRead.created_at) > before.newestAt.getTime();
  if (changed.length === 0 && !gap) return null;
  const event: LiveEvent = {
    type: 'messages.upserted',
    conversationId,
    messages: gap ? oldestFirst : changed,
    ...(gap ? { gap } : {}),
  };
  if (!quiet) return event;
  ctx.quiet([event]);
  return null;
}

async function readContact(ctx: SyncContext, id: string, quiet: boolean, startedAt: number): Promise<void> {
  const contact = await ctx.read.call('contacts.get', { params: { id } });
  const changed = await upsertRecords(ctx.db, CONTACTS, [contact], { startedAt, now: ctx.clock() });
  if (!quiet)
    await ctx.announce(changed.map((c) => ({ event: EVENT_KINDS.contact.upserted(c) }) satisfies Outgoing));
}
