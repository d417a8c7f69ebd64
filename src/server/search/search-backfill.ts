import type { FastifyBaseLogger } from 'fastify';
import type { UpstreamClient } from '../upstream/upstream-client';
import { UpstreamError } from '../upstream/upstream-error';
import { SetAsideKeeper } from '../store/set-aside-keeper';
import { SetAsideRepository } from '../store/set-aside-repository';
import { isUnavailable } from '../store/store-errors';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { indexed } from './search-indexer';
import type { IndexedMessage, SearchRepository } from './search-repository';

// The older history of every thread into the message index. The sync reads each thread's newest
// page and everything new; this reads the pages before it, one page every SEARCH_BACKFILL_EVERY_MS,
// newest threads first, once for the whole team (only the instance holding the sync's lease reads).
// Its progress is kept in the database and the next thread is asked of it each step (the
// workspace's threads in the inbox's order, less those done), so a restart or a take-over goes on
// where it stopped and no instance holds the list of threads. A
// 429 is waited out; other failures back off and try again later.

export interface SearchBackfillDeps {
  readonly repository: SearchRepository;
  readonly reader: Pick<UpstreamClient, 'call'>;
  readonly workspace: WorkspaceReader;
  readonly log: FastifyBaseLogger;
  /** True while this instance runs the sync (holds the lease). */
  readonly writes: () => boolean;
  /** The pace: one page per interval; 0 turns the back-fill off. */
  readonly everyMs: number;
}

export type BackfillStep = 'read' | 'idle' | 'done';

const PAGE = 100;
/** With every thread read, new threads are looked for this often. */
const DONE_CHECK_MS = 60_000;
const MAX_BACKOFF_MS = 5 * 60_000;

export class SearchBackfill {
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;

  private readonly refused: SetAsideKeeper;

  constructor(private readonly deps: SearchBackfillDeps) {
    this.refused = new SetAsideKeeper({
      label: 'search index',
      log: deps.log,
      sink: new SetAsideRepository(deps.repository.db),
    });
  }

  start(): void {
    if (this.deps.everyMs > 0) this.schedule(this.deps.everyMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Reads one page of one thread's older history, if this instance holds the lease and any is left. */
  async step(): Promise<BackfillStep> {
    if (!this.deps.writes()) return 'idle';
    const next = await this.next();
    if (!next) return 'done';
    let data: { id: string }[] = [];
    let hasMore = false;
    try {
      const page = await this.deps.reader.call('messages.list', {
        params: { id: next.id },
        query: { limit: PAGE, ...(next.before ? { before: next.before } : {}) },
      });
      const entries = page.data.map(indexed).filter((m): m is IndexedMessage => m !== null);
      await this.index(entries);
      ({ data, hasMore } = page);
    } catch (error) {
      // A thread that is gone (404), or a cursor message that is (400), has no more to read.
      if (!(error instanceof UpstreamError && (error.status === 404 || error.status === 400))) throw error;
    }
    const beforeId = data.at(-1)?.id ?? next.before;
    const done = !hasMore || data.length === 0;
    await this.deps.repository.saveBackfill(next.id, beforeId, done);
    return 'read';
  }

  /**
   * A page the database refuses for what one message holds is written message by message, and a
   * message refused again is set aside (issue 34): otherwise the same page would be read and
   * refused for ever, and no older history indexed. An outage still throws (tried again later).
   */
  private async index(entries: readonly IndexedMessage[]): Promise<void> {
    try {
      await this.deps.repository.upsert(entries);
    } catch (error) {
      if (isUnavailable(error)) throw error;
      await this.refused.writeEach(entries, (rows) => this.deps.repository.upsert(rows));
    }
  }

  /** The newest thread not read to its start, and the message to read before. */
  private async next(): Promise<{ id: string; before: string | null } | null> {
    const next = await this.deps.repository.nextToBackfill();
    if (!next) return null;
    // The sync's page is indexed already: start before its oldest message.
    const before =
      next.beforeId ?? (await this.deps.workspace.messagesOf(next.conversationId))?.[0]?.id ?? null;
    return { id: next.conversationId, before };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let delay = this.deps.everyMs;
    try {
      if ((await this.step()) === 'done') delay = Math.max(delay, DONE_CHECK_MS);
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      if (error instanceof UpstreamError && error.kind === 'rate-limited' && error.retryAfterMs !== null) {
        delay = Math.max(delay, error.retryAfterMs);
      } else {
        delay = Math.min(MAX_BACKOFF_MS, delay * 2 ** this.failures);
        if (this.failures === 1)
          this.deps.log.warn({ err: error }, 'search back-fill failed: trying again later');
      }
    }
    this.schedule(delay);
  }
}
