import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '../../contract';
import type { ChangeSource } from '../sync/change-feed';
import { BatchWriter, type BatchWriterStats } from '../store/batch-writer';
import { SetAsideRepository } from '../store/set-aside-repository';
import { followWhileLeaseHeld } from '../sync/lease-follower';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { IndexedMessage, SearchRepository } from './search-repository';

// Feeds the message index from the sync: every message the workspace learns (the first read of
// each thread, new and changed messages) reaches it through the bus, batched off the hot path.
// With several instances only the one holding the sync's lease writes; when an instance takes the
// lease over, it indexes what its read model holds, so nothing learned meanwhile is missed.

export interface SearchIndexerDeps {
  readonly repository: SearchRepository;
  /** Every committed change, in the declared order of consumers (sync/change-feed.ts). */
  readonly changes: ChangeSource;
  readonly workspace: WorkspaceReader;
  readonly log: FastifyBaseLogger;
  /** True while this instance runs the sync (holds the lease). */
  readonly writes: () => boolean;
  /** How long a shutdown waits for the last write (ms); BatchWriter's default when absent. */
  readonly closeTimeoutMs?: number;
}

/** A message as the index keeps it; null for one without text (media without a caption). */
export const indexed = (m: Message): IndexedMessage | null => {
  const body = m.text?.trim();
  if (!body) return null;
  return {
    messageId: m.id,
    conversationId: m.conversation_id,
    direction: m.direction,
    senderName: m.sender_name ?? null,
    body,
    createdAt: m.created_at,
  };
};

/** Messages read from the tables per query on a take-over. */
export const TAKE_OVER_PAGE = 1_000;

export class SearchIndexer {
  private readonly writer: BatchWriter<IndexedMessage>;
  private readonly unfollow: () => void;
  /** The take-over's read of the tables, while it runs. */
  private takingOver: Promise<void> | null = null;
  private stopped = false;

  constructor(deps: SearchIndexerDeps) {
    this.writer = new BatchWriter(
      { insert: (batch) => deps.repository.upsert(batch) },
      {
        log: deps.log,
        label: 'search index',
        maxBuffered: 50_000,
        // A message the database refuses is kept there; the ones after it are indexed (issue 34).
        setAside: new SetAsideRepository(deps.repository.db),
        ...(deps.closeTimeoutMs !== undefined ? { closeTimeoutMs: deps.closeTimeoutMs } : {}),
      },
    );
    this.unfollow = followWhileLeaseHeld(
      deps.changes,
      deps.writes,
      {
        onEvent: (bus) => {
          if (bus.event.type === 'messages.upserted') for (const m of bus.event.messages) this.record(m);
        },
        // What the workspace learnt before this instance held the lease.
        onTakeOver: () => {
          this.takingOver = this.indexHeld(deps).catch((err: unknown) => {
            deps.log.warn({ err }, 'search index: the messages held could not be read on a take-over');
          });
        },
      },
      { log: deps.log, label: 'search index' },
    );
  }

  /** Writes what is waiting (tests; a search right after a change). */
  async flush(): Promise<void> {
    await this.takingOver;
    await this.writer.flush();
  }

  stats(): BatchWriterStats {
    return this.writer.stats();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unfollow();
    await this.takingOver;
    await this.writer.close();
  }

  /** Every message the tables hold, a page at a time, while this instance holds the lease. */
  private async indexHeld(deps: SearchIndexerDeps): Promise<void> {
    let after: string | null = null;
    while (!this.stopped && deps.writes()) {
      let query = deps.workspace.db
        .selectFrom('ws_messages')
        .select(['id', 'data'])
        .orderBy('id')
        .limit(TAKE_OVER_PAGE);
      if (after !== null) query = query.where('id', '>', after);
      const page = await query.execute();
      for (const row of page) this.record(row.data);
      await this.writer.flush();
      if (page.length < TAKE_OVER_PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }

  private record(m: Message): void {
    const entry = indexed(m);
    if (entry !== null) this.writer.record(entry);
  }
}
