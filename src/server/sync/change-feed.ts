import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent, EventBus } from '../events/bus';

// What follows a change once it is committed to the workspace tables, declared here in one
// ordered list (issue 35): the stream to browsers first (the hub, on the bus), then who sent a new
// outbound message (an AI agent's, issue 36.1), unread counts, report history, the search index. Each consumer sees every change: the ones every instance
// published on the bus, and this instance's quiet ones (a first load, a back-fill), which never go
// on the bus since no browser needs them. A consumer that throws on a change is logged once per
// kind of failure and the others still get it.

/** The consumers, in the order they are told of each change. */
// `sla` and `assignment` last: they read the workspace tables the change is already in (sla also
// the authors before it); assignment only queues jobs (issue 39.2: a thread become open and
// unowned on a channel with a rule).
export const CONSUMERS = ['authors', 'unread', 'history', 'search index', 'sla', 'assignment'] as const;
export type ConsumerName = (typeof CONSUMERS)[number];

type Listener = (event: BusEvent) => void;

/** An EventBus-shaped view for a consumer (subscribe only), so it can follow like a bus reader. */
export interface ChangeSource {
  subscribe(listener: Listener): () => void;
}

export class ChangeFeed {
  private readonly listeners = new Map<ConsumerName, Set<Listener>>(CONSUMERS.map((n) => [n, new Set()]));
  private readonly failed = new Set<string>();
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.emit(event));
  }

  /** The source a consumer subscribes to, under its declared name. */
  source(name: ConsumerName): ChangeSource {
    return {
      subscribe: (listener) => {
        const set = this.listeners.get(name)!;
        set.add(listener);
        return () => set.delete(listener);
      },
    };
  }

  /** This instance's quiet changes: told to the consumers, never to a browser. */
  quiet(events: readonly BusEvent['event'][]): void {
    for (const event of events) this.emit({ id: '', event, audience: [] });
  }

  close(): void {
    this.unsubscribe();
    for (const set of this.listeners.values()) set.clear();
  }

  private emit(event: BusEvent): void {
    for (const name of CONSUMERS)
      for (const listener of this.listeners.get(name)!) {
        try {
          listener(event);
        } catch (err) {
          const kind = `${name}:${err instanceof Error ? err.message.slice(0, 80) : typeof err}`;
          if (this.failed.has(kind)) continue;
          this.failed.add(kind);
          this.log.warn(
            { err, consumer: name },
            'a consumer of workspace changes failed on one; the others go on',
          );
        }
      }
  }
}
