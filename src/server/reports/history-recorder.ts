import type { FastifyBaseLogger } from 'fastify';
import type { Conversation, Lead, Message } from '../../contract';
import type { EventBus } from '../events/bus';
import { BatchWriter } from '../store/batch-writer';
import { SetAsideRepository } from '../store/set-aside-repository';
import { followWhileLeaseHeld } from '../sync/lease-follower';
import type { ReadModel } from '../sync/read-model';
import type { HistoryEntry, HistoryRepository } from './history-repository';

// Records what reports need, as the workspace changes: each message (with its thread's channel and
// owner at the time), each thread's resolution (a move to `closed`), each lead's move between
// stages. Fed from the bus by the instance holding the sync's lease, batched off the hot path.
// Transitions are judged against the last state this recorder saw: on taking the lease it learns
// the model's state without recording it (it did not see those changes happen), and records the
// messages the model holds.

export interface HistoryRecorderDeps {
  readonly repository: HistoryRepository;
  readonly bus: EventBus;
  readonly model: ReadModel;
  readonly log: FastifyBaseLogger;
  readonly writes: () => boolean;
  readonly clock: () => number;
  /** How long a shutdown waits for the last write (ms); BatchWriter's default when absent. */
  readonly closeTimeoutMs?: number;
}

export class HistoryRecorder {
  private readonly writer: BatchWriter<HistoryEntry>;
  private readonly unfollow: () => void;
  private readonly statuses = new Map<string, Conversation['status']>();
  private readonly stages = new Map<string, string>();

  constructor(private readonly deps: HistoryRecorderDeps) {
    this.writer = new BatchWriter(
      { insert: (batch) => deps.repository.insert(batch) },
      {
        log: deps.log,
        label: 'history',
        // A record the database refuses is kept there; the others are written (issue 34).
        setAside: new SetAsideRepository(deps.repository.db),
        ...(deps.closeTimeoutMs !== undefined ? { closeTimeoutMs: deps.closeTimeoutMs } : {}),
      },
    );
    this.unfollow = followWhileLeaseHeld(
      deps.bus,
      deps.writes,
      {
        onEvent: (bus) => {
          const event = bus.event;
          // A load (audience: nobody) is what already was: messages keep their own times and are
          // recorded once each; a thread's or lead's state is learnt, not taken for a change.
          const load = bus.audience?.length === 0;
          if (event.type === 'messages.upserted') for (const m of event.messages) this.message(m);
          else if (event.type === 'conversation.upserted') this.conversation(event.conversation, load);
          else if (event.type === 'lead.upserted') this.lead(event.lead, load);
        },
        onTakeOver: () => this.learn(),
      },
      { log: deps.log, label: 'history' },
    );
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  async stop(): Promise<void> {
    this.unfollow();
    await this.writer.close();
  }

  private message(m: Message): void {
    const thread = this.deps.model.conversation(m.conversation_id);
    this.writer.record({
      kind: 'message',
      messageId: m.id,
      conversationId: m.conversation_id,
      channelId: thread?.channel_id ?? null,
      assignee: thread?.assigned_to_user_id ?? null,
      direction: m.direction,
      at: m.created_at,
    });
  }

  private conversation(c: Conversation, load: boolean): void {
    const before = this.statuses.get(c.id);
    this.statuses.set(c.id, c.status);
    if (load || before === undefined || before === 'closed' || c.status !== 'closed') return;
    this.writer.record({
      kind: 'resolution',
      conversationId: c.id,
      channelId: c.channel_id ?? null,
      assignee: c.assigned_to_user_id ?? null,
      openedAt: c.created_at,
      resolvedAt: c.updated_at ?? new Date(this.deps.clock()).toISOString(),
    });
  }

  private lead(l: Lead, load: boolean): void {
    const before = this.stages.get(l.id);
    this.stages.set(l.id, l.status);
    if (load || before === l.status) return;
    this.writer.record({
      kind: 'move',
      leadId: l.id,
      // A lead first seen after recording began was created then: a move into its first stage.
      fromStage: before ?? null,
      toStage: l.status,
      value: l.value ?? null,
      currency: l.currency ?? null,
      at: before === undefined ? l.created_at : (l.updated_at ?? new Date(this.deps.clock()).toISOString()),
    });
  }

  /** On taking the lease: the model's state as the base for transitions, and its messages. */
  private learn(): void {
    const { model } = this.deps;
    for (const c of model.conversations.values()) this.statuses.set(c.id, c.status);
    for (const l of model.leads.values()) this.stages.set(l.id, l.status);
    // Messages keep their own times: what the model holds is recorded (once each, by id).
    for (const page of model.messages.values()) for (const m of page) this.message(m);
  }
}
