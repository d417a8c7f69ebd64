import type { FastifyBaseLogger } from 'fastify';
import type { Message, UnreadSummary } from '../../contract';
import type { EventBus } from '../events/bus';
import type { ReadModel } from '../sync/read-model';
import type { ReadMark, ReadMarksRepository } from './read-marks-repository';

// Unread per agent and thread, counted from the read model: the contact's messages newer than what
// the agent has read. Each instance holds the marks of the agents it serves (loaded from the database
// at their first ask) and learns of their reads on other instances through the bus, where each change
// goes as an event only that agent's browsers receive. Counts come from the newest page of each thread
// the model holds, so a thread counts at most a page of unread messages.

interface AgentMarks {
  readonly since: number;
  readonly marks: Map<string, ReadMark>;
}

const createdMs = new WeakMap<Message, number>();
function createdAt(message: Message): number {
  let ms = createdMs.get(message);
  if (ms === undefined) {
    ms = Date.parse(message.created_at);
    createdMs.set(message, ms);
  }
  return ms;
}

/**
 * How far ahead of the BFF's clock the upstream's may stamp a message and still be believed. Unread
 * is judged on the upstream's clock, which may run ahead (a test's fake runs days ahead), but a
 * message from the year 9999 is a broken clock or bad data (issue 34): were it believed, reading its
 * thread would read up to 9999 and nothing after it would ever count as unread again.
 */
const FUTURE_SLACK_MS = 30 * 24 * 3_600_000;

export class ReadMarks {
  private readonly agents = new Map<string, Promise<AgentMarks>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: {
      readonly repository: ReadMarksRepository;
      readonly model: ReadModel;
      readonly bus: EventBus;
      readonly clock: () => number;
      readonly log: FastifyBaseLogger;
    },
  ) {
    this.unsubscribe = deps.bus.subscribe((bus) => {
      if (bus.event.type !== 'readState.changed' || bus.audience?.length !== 1) return;
      const { conversationId, readAt, markedUnread } = bus.event;
      // Marks that failed to load are loaded afresh (with this read in them) at the agent's next
      // ask: nothing to apply now, and no rejection left unhandled, which would end the process.
      void this.agents.get(bus.audience[0]!)?.then(
        (agent) => remember(agent, { conversationId, readAt: Date.parse(readAt), markedUnread }),
        () => undefined,
      );
    });
  }

  stop(): void {
    this.unsubscribe();
  }

  /** The agent's marks, read from the database once per instance (again after a failed read). */
  private forAgent(username: string): Promise<AgentMarks> {
    let agent = this.agents.get(username);
    if (agent === undefined) {
      agent = this.deps.repository
        .load(username, new Date(this.newestMessageTime() ?? this.deps.clock()))
        .then(({ since, marks }) => ({ since, marks: new Map(marks.map((m) => [m.conversationId, m])) }));
      agent.catch(() => this.agents.delete(username));
      this.agents.set(username, agent);
    }
    return agent;
  }

  /** A counter of one agent's unread per thread (for filtering a list). */
  async counterFor(username: string): Promise<(conversationId: string) => number> {
    const agent = await this.forAgent(username);
    return (conversationId) => this.count(agent, conversationId);
  }

  async summary(username: string): Promise<UnreadSummary> {
    const count = await this.counterFor(username);
    const threads: Record<string, number> = {};
    let total = 0;
    for (const id of this.deps.model.conversations.keys()) {
      const n = count(id);
      if (n === 0) continue;
      threads[id] = n;
      total++;
    }
    return { total, threads };
  }

  /** Reads a thread up to a time (default: its newest message held); null when the model lacks it. */
  async markRead(username: string, conversationId: string, upTo?: number): Promise<ReadMark | null> {
    if (!this.deps.model.conversations.has(conversationId)) return null;
    const newest = this.newestBelievable(this.deps.model.messagesOf(conversationId) ?? []);
    const readAt = Math.min(upTo ?? newest ?? this.deps.clock(), this.latestBelievable());
    return this.save(username, { conversationId, readAt, markedUnread: false });
  }

  /** Marks a thread unread for the agent until they read it again. */
  async markUnread(username: string, conversationId: string): Promise<ReadMark | null> {
    if (!this.deps.model.conversations.has(conversationId)) return null;
    const agent = await this.forAgent(username);
    const held = agent.marks.get(conversationId);
    return this.save(username, { conversationId, readAt: held?.readAt ?? agent.since, markedUnread: true });
  }

  private async save(username: string, mark: ReadMark): Promise<ReadMark> {
    const agent = await this.forAgent(username);
    const saved = await this.deps.repository.save(username, mark);
    remember(agent, saved);
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

  /**
   * The newest message the model holds, by the upstream's clock: a new agent has read everything up
   * to it. Message times come from the upstream, whose clock need not agree with the BFF's, so
   * unread is judged on the upstream's clock throughout.
   */
  private newestMessageTime(): number | undefined {
    let newest: number | undefined;
    for (const page of this.deps.model.messages.values()) {
      const last = this.newestBelievable(page);
      if (last !== undefined && (newest === undefined || last > newest)) newest = last;
    }
    return newest;
  }

  /** The latest time a message (or a read) may carry and be believed. */
  private latestBelievable(): number {
    return this.deps.clock() + FUTURE_SLACK_MS;
  }

  /** The newest believable message time of a page (oldest first), or undefined. */
  private newestBelievable(page: readonly Message[]): number | undefined {
    const latest = this.latestBelievable();
    for (let i = page.length - 1; i >= 0; i--) {
      const at = createdAt(page[i]!);
      if (at <= latest) return at;
    }
    return undefined;
  }

  private count(agent: AgentMarks, conversationId: string): number {
    const mark = agent.marks.get(conversationId);
    const after = mark?.readAt ?? agent.since;
    const latest = this.latestBelievable();
    let n = 0;
    for (const m of this.deps.model.messagesOf(conversationId) ?? []) {
      const at = createdAt(m);
      if (m.direction === 'inbound' && at > after && at <= latest) n++;
    }
    return mark?.markedUnread ? Math.max(n, 1) : n;
  }
}

/** A mark only moves forward in time; whether it is marked unread is the latest word. */
function remember(agent: AgentMarks, mark: ReadMark): void {
  const held = agent.marks.get(mark.conversationId);
  agent.marks.set(mark.conversationId, {
    conversationId: mark.conversationId,
    readAt: Math.max(held?.readAt ?? 0, mark.readAt),
    markedUnread: mark.markedUnread,
  });
}
