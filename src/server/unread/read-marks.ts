import type { UnreadSummary } from '../../contract';
import type { EventBus } from '../events/bus';
import { guarded } from '../store/store-errors';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { ReadMark, ReadMarksRepository } from './read-marks-repository';
import {
  newestMessage,
  newestMessageOf,
  unreadThreads,
  unreadThreadsSql,
  type UnreadScope,
} from './unread-queries';

// Unread per agent and thread: the contact's messages newer than what the agent has read, counted
// in the database (unread-queries.ts) from the workspace tables and the read marks, so no instance
// holds anyone's marks and every instance answers the same. Each read goes to that agent's browsers
// as an event (`readState.changed`), on every instance.

/**
 * How far ahead of the BFF's clock the upstream's may stamp a message and still be believed. Unread
 * is judged on the upstream's clock, which may run ahead (a test's fake runs days ahead), but a
 * message from the year 9999 is a broken clock or bad data (issue 34): were it believed, reading its
 * thread would read up to 9999 and nothing after it would ever count as unread again.
 */
export const FUTURE_SLACK_MS = 30 * 24 * 3_600_000;

export class ReadMarks {
  constructor(
    private readonly deps: {
      readonly repository: ReadMarksRepository;
      readonly workspace: WorkspaceReader;
      readonly bus: EventBus;
      readonly clock: () => number;
    },
  ) {}

  /**
   * The agent's standing for a query of their unread: since when it is counted (a new agent has
   * read everything up to the workspace's newest message, on the upstream's clock) and the latest
   * believable message time.
   */
  async scopeOf(username: string): Promise<UnreadScope> {
    const latest = this.latestBelievable();
    const since = await this.deps.repository.since(
      username,
      async () => new Date((await newestMessage(this.db, latest)) ?? this.deps.clock()),
    );
    return { username, since: new Date(since), latest };
  }

  /** `(conversation_id, unread)` of the agent's unread threads, for a screen's query to join. */
  async unreadThreadsSqlFor(username: string): Promise<ReturnType<typeof unreadThreadsSql>> {
    return unreadThreadsSql(await this.scopeOf(username));
  }

  /** A counter of one agent's unread per thread (for filtering a list). */
  async counterFor(username: string): Promise<(conversationId: string) => number> {
    const { threads } = await this.summary(username);
    return (conversationId) => threads[conversationId] ?? 0;
  }

  async summary(username: string): Promise<UnreadSummary> {
    const scope = await this.scopeOf(username);
    const rows = await guarded(() => unreadThreads(this.db, scope));
    const threads: Record<string, number> = {};
    for (const r of rows) threads[r.conversation_id] = r.unread;
    return { total: rows.length, threads };
  }

  /** Reads a thread up to a time (default: its newest believable message); null when the workspace lacks it. */
  async markRead(username: string, conversationId: string, upTo?: number): Promise<ReadMark | null> {
    if (!(await this.holds(conversationId))) return null;
    const latest = this.latestBelievable();
    const newest =
      upTo === undefined ? await guarded(() => newestMessageOf(this.db, conversationId, latest)) : undefined;
    const readAt = Math.min(upTo ?? newest ?? this.deps.clock(), latest.getTime());
    return this.save(username, { conversationId, readAt, markedUnread: false });
  }

  /** Marks a thread unread for the agent until they read it again. */
  async markUnread(username: string, conversationId: string): Promise<ReadMark | null> {
    if (!(await this.holds(conversationId))) return null;
    const { since } = await this.scopeOf(username);
    const held = await this.deps.repository.mark(username, conversationId);
    return this.save(username, {
      conversationId,
      readAt: held?.readAt ?? since.getTime(),
      markedUnread: true,
    });
  }

  private get db() {
    return this.deps.repository.db;
  }

  private async holds(conversationId: string): Promise<boolean> {
    return (await guarded(() => this.deps.workspace.conversation(conversationId))) !== undefined;
  }

  private async save(username: string, mark: ReadMark): Promise<ReadMark> {
    const saved = await this.deps.repository.save(username, mark);
    await this.deps.bus.publish([
      {
        event: {
          type: 'readState.changed',
          conversationId: saved.conversationId,
          readAt: new Date(saved.readAt).toISOString(),
          markedUnread: saved.markedUnread,
        },
        audience: [username],
      },
    ]);
    return saved;
  }

  /** The latest time a message (or a read) may carry and be believed. */
  private latestBelievable(): Date {
    return new Date(this.deps.clock() + FUTURE_SLACK_MS);
  }
}
