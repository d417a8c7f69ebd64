import type { Kysely } from 'kysely';
import type { EventBus } from '../events/bus';
import type { InboxContext } from '../screens/inbox-list';
import type { Database } from '../store/schema';
import { LabelRepository } from './label-repository';
import { labelHandlers } from './label-routes';
import { LabelService } from './label-service';
import { ViewRepository } from './view-repository';
import { ViewService } from './view-service';

// The labels and saved views room as app.ts builds it: needs the database (and, for the views'
// counts, the workspace tables in it); live changes go on the bus to every instance's browsers.

export interface LabelDeps {
  readonly db: Kysely<Database>;
  readonly bus: EventBus | null;
  readonly clock: () => number;
  /** The person's unread threads as the inbox's Unread filter reads them (null: not kept). */
  readonly unreadThreadsFor: ((username: string) => Promise<InboxContext['unreadThreads']>) | null;
  /** Whether the team's snoozes are kept: a snoozed thread counts as snoozed then, as the list shows it. */
  readonly snoozes: boolean;
}

export function startLabels(deps: LabelDeps): {
  readonly labels: LabelService;
  readonly views: ViewService;
  readonly handlers: ReturnType<typeof labelHandlers>;
} {
  const repository = new LabelRepository(deps.db);
  const labels = new LabelService({ repository, bus: deps.bus, clock: deps.clock });
  const views = new ViewService({
    views: new ViewRepository(deps.db),
    labels: repository,
    db: deps.db,
    bus: deps.bus,
    clock: deps.clock,
    inboxContext: async (username, unread) => {
      const ctx: { -readonly [K in keyof InboxContext]: InboxContext[K] } = {};
      if (deps.snoozes) ctx.snoozesAt = new Date(deps.clock());
      const threads = unread && deps.unreadThreadsFor ? await deps.unreadThreadsFor(username) : undefined;
      if (threads) ctx.unreadThreads = threads;
      return ctx;
    },
  });
  return { labels, views, handlers: labelHandlers({ labels, views }) };
}
