import type { FastifyBaseLogger } from 'fastify';
import type { ChangeSource } from '../sync/change-feed';
import { followWhileLeaseHeld } from '../sync/lease-follower';
import type { SlaService } from './sla-service';

// Follows the workspace's changes (the `sla` consumer of sync/change-feed.ts) on the instance that
// holds the sync's lease, so one instance works the clocks out: a thread's clocks are refreshed
// when it or its messages change. Threads are taken one at a time; a thread changed again while
// waiting is refreshed once, from what the tables hold then. A load (audience: nobody) counts too:
// clocks come from the tables, whatever told of them.

export interface SlaFollowerDeps {
  readonly changes: ChangeSource;
  readonly service: Pick<SlaService, 'refresh'>;
  readonly writes: () => boolean;
  readonly log: FastifyBaseLogger;
}

export class SlaFollower {
  private readonly waiting = new Set<string>();
  private running: Promise<void> | null = null;
  private readonly unfollow: () => void;
  private failures = 0;

  constructor(private readonly deps: SlaFollowerDeps) {
    this.unfollow = followWhileLeaseHeld(
      deps.changes,
      deps.writes,
      {
        onEvent: ({ event }) => {
          if (event.type === 'conversation.upserted') this.queue(event.conversation.id);
          else if (event.type === 'messages.upserted') this.queue(event.conversationId);
        },
        // A new lease holder reads from the tables; nothing to catch up in memory.
        onTakeOver: () => undefined,
      },
      { log: deps.log, label: 'sla' },
    );
  }

  /** Resolves once every thread queued so far is refreshed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.unfollow();
    this.waiting.clear();
  }

  private queue(conversationId: string): void {
    this.waiting.add(conversationId);
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  private async drain(): Promise<void> {
    for (const id of this.waiting) {
      this.waiting.delete(id);
      try {
        await this.deps.service.refresh(id);
      } catch (error) {
        // Logged a few times, not per thread: a database down fails every refresh alike.
        if (this.failures++ < 5)
          this.deps.log.warn({ err: error, conversationId: id }, 'sla: refresh failed');
      }
    }
  }
}
