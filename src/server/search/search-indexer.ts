import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '../../contract';
import type { EventBus } from '../events/bus';
import { BatchWriter, type BatchWriterStats } from '../store/batch-writer';
import type { ReadModel } from '../sync/read-model';
import type { IndexedMessage, SearchRepository } from './search-repository';

// Feeds the message index from the sync: every message the workspace learns (the first read of
// each thread, new and changed messages) reaches it through the bus, batched off the hot path.
// With several instances only the one holding the sync's lease writes; when an instance takes the
// lease over, it indexes what its read model holds, so nothing learned meanwhile is missed.

const CATCH_UP_CHECK_MS = 5_000;

export interface SearchIndexerDeps {
  readonly repository: SearchRepository;
  readonly bus: EventBus;
  readonly model: ReadModel;
  readonly log: FastifyBaseLogger;
  /** True while this instance runs the sync (holds the lease). */
  readonly writes: () => boolean;
}

const indexed = (m: Message): IndexedMessage | null => {
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
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout;
  private wasWriting = false;

  constructor(private readonly deps: SearchIndexerDeps) {
    this.writer = new BatchWriter(
      { insert: (batch) => deps.repository.upsert(batch) },
      { log: deps.log, label: 'search index', maxBuffered: 50_000 },
    );
    this.unsubscribe = deps.bus.subscribe((bus) => {
      if (bus.event.type !== 'messages.upserted' || !deps.writes()) return;
      for (const m of bus.event.messages) this.record(m);
    });
    this.timer = setInterval(() => this.catchUpOnTakeOver(), CATCH_UP_CHECK_MS);
    this.timer.unref();
    this.catchUpOnTakeOver();
  }

  /** Writes what is waiting (tests; a search right after a change). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  stats(): BatchWriterStats {
    return this.writer.stats();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    await this.writer.close();
  }

  private record(m: Message): void {
    const entry = indexed(m);
    if (entry !== null) this.writer.record(entry);
  }

  private catchUpOnTakeOver(): void {
    const writing = this.deps.writes();
    if (writing && !this.wasWriting) {
      for (const page of this.deps.model.messages.values()) for (const m of page) this.record(m);
    }
    this.wasWriting = writing;
  }
}
