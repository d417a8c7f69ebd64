import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Conversation, Lead, Message } from '../../contract';
import type { ChangeSource } from '../sync/change-feed';
import { BatchWriter } from '../store/batch-writer';
import { SetAsideRepository } from '../store/set-aside-repository';
import { storableText } from '../store/storable-text';
import { followWhileLeaseHeld } from '../sync/lease-follower';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { HistoryEntry, HistoryRepository } from './history-repository';

// Records what reports need, as the workspace changes: each message (with its thread's channel and
// owner at the time, read from the workspace tables), each thread's resolution (a move to `closed`),
// each lead's move between stages. Fed from the bus by the instance holding the sync's lease,
// batched off the hot path. Transitions are judged against the last state recorded in the database
// (history_states, migration 0015), not a map of every record: a load (audience: nobody) only sets
// that state, and a new lease holder goes on from where the last one stopped. Changes are taken one
// at a time, in bus order, so two moves of one lead are judged in order.

export interface HistoryRecorderDeps {
  readonly repository: HistoryRepository;
  /** Every committed change, in the declared order of consumers (sync/change-feed.ts). */
  readonly changes: ChangeSource;
  readonly workspace: WorkspaceReader;
  readonly log: FastifyBaseLogger;
  readonly writes: () => boolean;
  readonly clock: () => number;
  /** How long a shutdown waits for the last write (ms); BatchWriter's default when absent. */
  readonly closeTimeoutMs?: number;
}

type StateKind = 'conversation' | 'lead';
interface State {
  readonly kind: StateKind;
  readonly id: string;
  readonly state: string;
}

/** Loaded states written in one statement each this many. */
const LOAD_BATCH = 500;

export class HistoryRecorder {
  private readonly writer: BatchWriter<HistoryEntry>;
  private readonly unfollow: () => void;
  private chain: Promise<void> = Promise.resolve();
  private loads: State[] = [];

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
      deps.changes,
      deps.writes,
      {
        onEvent: (bus) => {
          const event = bus.event;
          // A load (audience: nobody) is what already was: messages keep their own times and are
          // recorded once each; a thread's or lead's state is learnt, not taken for a change.
          const load = bus.audience?.length === 0;
          if (event.type === 'messages.upserted')
            this.then(() => this.messages(event.conversationId, event.messages));
          else if (event.type === 'conversation.upserted')
            this.state(conversationState(event.conversation), load, (before) =>
              this.conversation(event.conversation, before),
            );
          else if (event.type === 'lead.upserted')
            this.state(leadState(event.lead), load, (before) => this.lead(event.lead, before));
        },
        onTakeOver: () => this.then(() => this.learn()),
      },
      { log: deps.log, label: 'history' },
    );
  }

  async flush(): Promise<void> {
    this.queueLoads();
    await this.chain;
    await this.writer.flush();
  }

  async stop(): Promise<void> {
    this.unfollow();
    await this.flush().catch(() => undefined);
    await this.writer.close();
  }

  /** Runs after what came before it; a failure is logged and the next goes on. */
  private then(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'history: could not judge a change; skipped it and goes on');
    });
  }

  /** A load only sets the state (in batches); a change is judged against the state before it. */
  private state(next: State, load: boolean, judge: (before: string | null) => void): void {
    if (load) {
      this.loads.push(next);
      if (this.loads.length >= LOAD_BATCH) this.queueLoads();
      return;
    }
    // The loads that came before this change are written before it is judged, and no later one.
    this.queueLoads();
    this.then(async () => {
      const result = await sql<{ before: string | null }>`
        with old as (select state from history_states where kind = ${next.kind} and id = ${next.id}),
        up as (
          insert into history_states (kind, id, state) values (${next.kind}, ${next.id}, ${next.state})
          on conflict (kind, id) do update set state = excluded.state
        )
        select (select state from old) as before`.execute(this.deps.repository.db);
      judge(result.rows[0]?.before ?? null);
    });
  }

  /** Queues the loads taken so far, in their place among the changes. */
  private queueLoads(): void {
    if (this.loads.length === 0) return;
    // The last state of each record in the batch (one statement may not touch a row twice).
    const rows = [...new Map(this.loads.map((s) => [`${s.kind}:${s.id}`, s])).values()];
    this.loads = [];
    this.then(async () => {
      await sql`insert into history_states (kind, id, state)
        select * from unnest(${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.id)}::text[],
          ${rows.map((r) => r.state)}::text[])
        on conflict (kind, id) do update set state = excluded.state`.execute(this.deps.repository.db);
    });
  }

  private async messages(conversationId: string, messages: readonly Message[]): Promise<void> {
    const thread = await this.deps.workspace.conversation(conversationId);
    for (const m of messages) this.message(m, thread);
  }

  private message(m: Message, thread: Conversation | undefined): void {
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

  private conversation(c: Conversation, before: string | null): void {
    if (before === null || before === 'closed' || c.status !== 'closed') return;
    this.writer.record({
      kind: 'resolution',
      conversationId: c.id,
      channelId: c.channel_id ?? null,
      assignee: c.assigned_to_user_id ?? null,
      openedAt: c.created_at,
      resolvedAt: c.updated_at ?? new Date(this.deps.clock()).toISOString(),
    });
  }

  private lead(l: Lead, before: string | null): void {
    if (before === storableText(l.status)) return;
    this.writer.record({
      kind: 'move',
      leadId: l.id,
      // A lead first seen after recording began was created then: a move into its first stage.
      fromStage: before,
      toStage: l.status,
      value: l.value ?? null,
      currency: l.currency ?? null,
      at: before === null ? l.created_at : (l.updated_at ?? new Date(this.deps.clock()).toISOString()),
    });
  }

  /**
   * On taking the lease: the messages the workspace holds that the history lacks (what came in while
   * nobody recorded), copied in the database, with their thread's channel and owner now.
   */
  private async learn(): Promise<void> {
    await sql`insert into history_messages (message_id, conversation_id, channel_id, assignee, direction, created_at)
      select m.id, m.conversation_id, c.channel_id, c.assignee, m.direction, m.created_at
      from ws_messages m left join ws_conversations c on c.id = m.conversation_id and c.removed_at is null
      where not exists (select 1 from history_messages h where h.message_id = m.id)
      on conflict (message_id) do nothing`.execute(this.deps.repository.db);
  }
}

const conversationState = (c: Conversation): State => ({
  kind: 'conversation',
  id: storableText(c.id),
  state: storableText(c.status),
});
const leadState = (l: Lead): State => ({
  kind: 'lead',
  id: storableText(l.id),
  state: storableText(l.status),
});
