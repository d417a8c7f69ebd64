import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../contract';
import type { ResponseOf, RouteId } from '../../contract/routes';
import type { UpstreamCallArgs } from '../upstream/upstream-client';
import type { WorkspaceDb } from '../workspace/workspace-writer';
import type { Outgoing } from './record-events';
import { loadedCollections, markLoaded, type Collection } from './sync-queries';
import type { SyncSettings } from './sync-settings';

// What the sync's tasks share: how they read, the workspace tables they write (which answer what
// changed), where they announce changes, and the little state the syncing instance keeps for its
// schedule (not the workspace: a new holder of the lease starts it afresh at no cost).

export interface SyncReader {
  call<R extends RouteId>(id: R, ...args: UpstreamCallArgs<R>): Promise<ResponseOf<R>>;
}

export interface WorkerState {
  /** Collections loaded in full by this holder, before the tables said so. */
  readonly coldDone: Set<Collection>;
  restartAnnounced: boolean;
  /** Conversations that arrived or changed as a change (not a load): their page is read in the
   *  next cycle, and a first page is news, not back-fill. */
  readonly fresh: Set<string>;
  /** When each ticking thread was last read. */
  readonly tickReadAt: Map<string, number>;
  /** A thread (or contact) whose read failed waits until then. */
  readonly retryAt: Map<string, number>;
  /** Round-robin positions (record ids) of the contact and activity sweeps. */
  contactCursor: string;
  activityCursor: string;
  /** Thread pages or contacts still to back-fill, as the last plan saw (a full plan: at least). */
  backfillLeft: number;
  /** Leads whose follow-up flag was never read, as the last run saw. */
  activitiesLeft: boolean;
  /** Customers whose contacts were never read, as the last run saw. */
  contactsLeft: boolean;
}

export const newWorkerState = (): WorkerState => ({
  coldDone: new Set(),
  restartAnnounced: false,
  fresh: new Set(),
  tickReadAt: new Map(),
  retryAt: new Map(),
  contactCursor: '',
  activityCursor: '',
  backfillLeft: 0,
  activitiesLeft: true,
  contactsLeft: true,
});

/** Back to a first start: every collection is read cold again (an operator's reload). */
export function resetWorkerState(state: WorkerState): void {
  Object.assign(state, newWorkerState(), { coldDone: state.coldDone, fresh: state.fresh });
  state.coldDone.clear();
  state.fresh.clear();
  state.tickReadAt.clear();
  state.retryAt.clear();
}

export interface SyncContext {
  /** Reads for the sweeps (the budget's sweep share; the hot task's context has the hot one). */
  readonly read: SyncReader;
  /** Reads for a first load of leads or customers: before the sweeps and catch-ups. */
  readonly load: SyncReader;
  /** Reads for the catch-ups (contacts, follow-up flags): the budget's catch-up share. */
  readonly catchUp: SyncReader;
  readonly db: WorkspaceDb;
  readonly settings: SyncSettings;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  readonly state: WorkerState;
  /** Tells every instance's browsers of changes already written to the tables. */
  announce(out: readonly Outgoing[]): Promise<void>;
  /** Tells this instance's consumers (not browsers) of quiet changes: a first load, a back-fill. */
  quiet(events: readonly LiveEvent[]): void;
  /** Whether any browser is connected to any stream of any instance. */
  viewers(): number;
}

/** Whether a collection's next read is its first load (no instance ever loaded it). */
export async function isCold(ctx: SyncContext, collection: Collection): Promise<boolean> {
  if (ctx.state.coldDone.has(collection)) return false;
  return !(await loadedCollections(ctx.db)).has(collection);
}

/** Marks a collection loaded; once conversations, leads and customers are, browsers refetch once. */
export async function coldLoaded(ctx: SyncContext, collection: Collection): Promise<void> {
  ctx.state.coldDone.add(collection);
  await markLoaded(ctx.db, collection);
  const loaded = await loadedCollections(ctx.db);
  const all = (['conversations', 'leads', 'customers'] as const).every((c) => loaded.has(c));
  if (all && !ctx.state.restartAnnounced) {
    ctx.state.restartAnnounced = true;
    await ctx.announce([{ event: { type: 'resync', reason: 'restart' } }]);
  }
}

/**
 * Every page of an offset-paged list, each handed to `take` as it arrives (a million leads are
 * never held at once). The stable way to read a whole list (spec Part 4).
 */
export async function eachPageByOffset<T>(
  readPage: (offset: number) => Promise<{ data: T[]; hasMore: boolean }>,
  take: (page: T[]) => Promise<void>,
): Promise<void> {
  let offset = 0;
  for (;;) {
    const page = await readPage(offset);
    await take(page.data);
    offset += page.data.length;
    if (!page.hasMore || page.data.length === 0) return;
  }
}
