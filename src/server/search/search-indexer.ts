import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '../../contract';
import type { EventBus } from '../events/bus';
import { BatchWriter, type BatchWriterStats } from '../store/batch-writer';
import { SetAsideRepository } from '../store/set-aside-repository';
import { followWhileLeaseHeld } from '../sync/lease-follower';
import type { ReadModel } from '../sync/read-model';
import type { IndexedMessage, SearchRepository } from './search-repository';

// Feeds the message index from the sync: every message the workspace learns (the first read of
// each thread, new and changed messages) reaches it through the bus, batched off the hot path.
// With several instances only the one holding the sync's lease writes; when an instance takes the
// lease over, it indexes what its read model holds, so nothing learned meanwhile is missed.

export interface SearchIndexerDeps {
  readonly repository: SearchRepository;
  readonly bus: EventBus;
  readonly model: ReadModel;
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

export class SearchIndexer {
  private readonly writer: BatchWriter<IndexedMessage>;
  private readonly unfollow: () => void;

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
      deps.bus,
      deps.writes,
      {
        onEvent: (bus) => {
          if (bus.event.type === 'messages.upserted') for (const m of bus.event.messages) this.record(m);
        },
        // What the model learnt before this instance held the lease.
        onTakeOver: () => {
          for (const page of deps.model.messages.values()) for (const m of page) this.record(m);
        },
      },
      { log: deps.log, label: 'search index' },
    );
  }

  /** Writes what is waiting (tests; a search right after a change). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  stats(): BatchWriterStats {
    return this.writer.stats();
  }

  async stop(): Promise<void> {
    this.unfollow();
    await this.writer.close();
  }

  private record(m: Message): void {
    const entry = indexed(m);
    if (entry !== null) this.writer.record(entry);
  }
}
