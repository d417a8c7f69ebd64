import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent } from '../events/bus';
import { applyEvent } from './apply-event';
import type { ReadModel } from './read-model';

// Applies what the bus delivers to this instance's model, in bus order, and remembers which ids it
// applied: the sync waits for its own events to come back before it compares again (otherwise it
// would send the same change twice), and a follower's warm-up re-applies the newest ones onto a
// snapshot.

const KEEP_IDS = 10_000;
const KEEP_RECENT = 5_000;
const KEEP_SEEN_OUTBOUND = 5_000;
/** A publisher waits at most this for its events to come back (a bus in trouble must not stall it). */
const WAIT_MS = 5_000;

export class AppliedLog {
  lastId: string | null = null;
  private readonly ids = new Set<string>();
  private readonly order: string[] = [];
  private readonly recentEvents: BusEvent[] = [];
  private readonly waiters = new Map<string, (() => void)[]>();
  private readonly listeners = new Set<(event: BusEvent) => void>();

  constructor(
    private readonly model: ReadModel,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  apply(event: BusEvent): void {
    const now = this.clock();
    applyEvent(this.model, event.event, now);
    // Outbound messages in a change browsers saw (not a load, whose audience is nobody) are new by
    // our clock, whatever the upstream stamped on them: their ticks are followed from now.
    if (event.event.type === 'messages.upserted' && event.audience?.length !== 0) {
      const seen = this.model.outboundSeenAt;
      for (const m of event.event.messages)
        if (m.direction === 'outbound' && !seen.has(m.id)) seen.set(m.id, now);
      // Oldest first (insertion order): past this many, the oldest have long stopped ticking.
      for (const id of seen.keys()) {
        if (seen.size <= KEEP_SEEN_OUTBOUND) break;
        seen.delete(id);
      }
    }
    this.lastId = event.id;
    this.ids.add(event.id);
    this.order.push(event.id);
    if (this.order.length > KEEP_IDS) this.ids.delete(this.order.shift()!);
    this.recentEvents.push(event);
    if (this.recentEvents.length > KEEP_RECENT) this.recentEvents.shift();
    const waiting = this.waiters.get(event.id);
    if (waiting) {
      this.waiters.delete(event.id);
      for (const resolve of waiting) resolve();
    }
    for (const listener of this.listeners) listener(event);
  }

  /** Told of every event once it is applied. */
  onApplied(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once the event with this id is applied here (at most WAIT_MS later). */
  waitFor(id: string): Promise<void> {
    if (this.ids.has(id)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.log.warn({ eventId: id }, 'a published event did not come back from the bus in time');
        resolve();
      }, WAIT_MS);
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.set(id, [...(this.waiters.get(id) ?? []), done]);
    });
  }

  /** The newest events applied, oldest first. */
  recent(): readonly BusEvent[] {
    return this.recentEvents;
  }

  close(): void {
    for (const waiting of this.waiters.values()) for (const resolve of waiting) resolve();
    this.waiters.clear();
    this.listeners.clear();
  }
}
