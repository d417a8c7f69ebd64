import type { FastifyBaseLogger } from 'fastify';
import type { ResponseOf, RouteId } from '../../contract/routes';
import type { UpstreamCallArgs } from '../upstream/upstream-client';
import type { Outgoing } from './diff-records';
import type { Collection, ReadModel } from './read-model';
import type { SyncSettings } from './sync-settings';

// What the sync's tasks share: how they read, what they compare against, where they publish, and
// the little state the syncing instance keeps beside the model (not shared with followers).

export interface SyncReader {
  call<R extends RouteId>(id: R, ...args: UpstreamCallArgs<R>): Promise<ResponseOf<R>>;
}

export interface WorkerState {
  /** Collections this instance loaded cold; once conversations, leads and customers are, it says so. */
  readonly coldDone: Set<Collection>;
  restartAnnounced: boolean;
  /** Conversations that arrived or changed as a change (not a load): their page is read in the next
   *  cycle; a first page is news, not back-fill. */
  readonly fresh: Set<string>;
  /** The `last_message_at` each thread's page was last read for. */
  readonly pageReadFor: Map<string, string>;
  /** When each ticking thread was last read. */
  readonly tickReadAt: Map<string, number>;
  /** A thread (or contact) whose read failed waits until then. */
  readonly retryAt: Map<string, number>;
  /** Customers whose contact list this instance has read. */
  readonly contactListsRead: Set<string>;
  /** Round-robin position of the contact sweep. */
  contactCursor: number;
  /** Leads whose activities this instance has read (their follow-up flag is known). */
  readonly activitiesRead: Set<string>;
  /** Round-robin position of the activity sweep once every lead was read. */
  activityCursor: number;
  /** Thread pages never read, as the last plan counted them. */
  backfillLeft: number;
}

export const newWorkerState = (): WorkerState => ({
  coldDone: new Set(),
  restartAnnounced: false,
  fresh: new Set(),
  pageReadFor: new Map(),
  tickReadAt: new Map(),
  retryAt: new Map(),
  contactListsRead: new Set(),
  contactCursor: 0,
  activitiesRead: new Set(),
  activityCursor: 0,
  backfillLeft: 0,
});

/** Back to a first start: every collection is read cold again (an operator's reload). */
export function resetWorkerState(state: WorkerState): void {
  state.coldDone.clear();
  state.restartAnnounced = false;
  state.fresh.clear();
  state.pageReadFor.clear();
  state.tickReadAt.clear();
  state.retryAt.clear();
  state.contactListsRead.clear();
  state.contactCursor = 0;
  state.backfillLeft = 0;
}

export interface SyncContext {
  readonly read: SyncReader;
  readonly model: ReadModel;
  readonly settings: SyncSettings;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  readonly state: WorkerState;
  /** Publishes through the bus and resolves once this instance's model has applied it. */
  publish(out: readonly Outgoing[]): Promise<void>;
  /** Whether any browser is connected to any stream of this instance. */
  viewers(): number;
}

/** Whether a collection's next read is its first load on this instance. */
export const isCold = (ctx: SyncContext, collection: Collection): boolean =>
  !ctx.model.loaded.has(collection) && !ctx.state.coldDone.has(collection);

/** Marks a collection loaded; once conversations, leads and customers are, browsers refetch once. */
export async function coldLoaded(ctx: SyncContext, collection: Collection): Promise<void> {
  ctx.state.coldDone.add(collection);
  const all = (['conversations', 'leads', 'customers'] as const).every(
    (c) => ctx.model.loaded.has(c) || ctx.state.coldDone.has(c),
  );
  if (
    all &&
    !ctx.state.restartAnnounced &&
    !(['conversations', 'leads', 'customers'] as const).every((c) => ctx.model.loaded.has(c))
  ) {
    ctx.state.restartAnnounced = true;
    await ctx.publish([{ event: { type: 'resync', reason: 'restart' } }]);
  }
}

/** Every page of an offset-paged list (the stable way to read a whole list, spec Part 4). */
export async function readAllByOffset<T>(
  readPage: (offset: number) => Promise<{ data: T[]; hasMore: boolean }>,
): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const page = await readPage(all.length);
    all.push(...page.data);
    if (!page.hasMore || page.data.length === 0) return all;
  }
}
