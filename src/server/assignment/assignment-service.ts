import type {
  AssignmentOverview,
  AssignmentRule,
  AssignmentRuleBody,
  ChannelAssignment,
  WaitingThread,
} from '../../contract/assignment';
import type { Conversation } from '../../contract/conversations';
import type { BusEvent } from '../events/bus';
import type { User } from '../auth/users';
import type { AssignmentRepository, RuleRow, WaitingRow } from './assignment-repository';
import { waitsFor, type AssignmentRunner } from './assignment-runner';

// Assignment rules as people read and set them, and what sets the runner going: each change the
// sync commits reaches every instance (the change feed); a thread that became open and unowned on
// a channel whose rule is on queues one assign job, its id derived from the thread and its version,
// so every instance queues the same one and it runs once. A thread of the channel that closed or
// went to someone while others wait may have freed a place: the channel is drained (one job per
// change). A teammate becoming Available, or a rule saved, drains too.

export interface AssignmentServiceDeps {
  readonly repository: AssignmentRepository;
  readonly runner: AssignmentRunner;
  readonly users: readonly User[];
  /** The workspace's channels, by id with their names (null: not loaded yet). */
  readonly channels: () => Promise<readonly { readonly id: string; readonly name: string }[] | null>;
  readonly threadNames: (threads: readonly Conversation[]) => Promise<Map<string, string>>;
  readonly clock: () => number;
}

export type SaveOutcome =
  | { readonly ok: true; readonly value: ChannelAssignment }
  | { readonly ok: false; readonly status: 400 | 404 | 503; readonly message: string[] | string };

/** Threads already open and unowned that a rule turned on takes into its queue, at most. */
const TAKEN_ON_SAVE = 1_000;
/** Drains queued for a teammate becoming Available are one per this long, whichever instance asks. */
const AVAILABLE_DRAIN_BUCKET_MS = 5_000;

export class AssignmentService {
  private readonly byName: ReadonlyMap<string, User>;

  constructor(private readonly deps: AssignmentServiceDeps) {
    this.byName = new Map(deps.users.map((u) => [u.username, u]));
  }

  async overview(): Promise<AssignmentOverview> {
    const { repository } = this.deps;
    const [channels, rules, waiting] = await Promise.all([
      this.deps.channels(),
      repository.rules(),
      repository.allWaiting(),
    ]);
    const names = await this.namesOf(waiting);
    const ruleOf = new Map(rules.map((r) => [r.channel_id, r]));
    return {
      channels: (channels ?? []).map((c) => ({
        channelId: c.id,
        channelName: c.name,
        rule: ruleOf.has(c.id) ? ruleOut(ruleOf.get(c.id)!) : null,
        waiting: waiting.filter((w) => w.channel_id === c.id).map((w) => waitingOut(w, names)),
      })),
      team: this.deps.users.map((u) => ({ username: u.username, name: u.displayName })),
    };
  }

  /** An admin's rule for a channel: checked against the team and the channel, kept, then acted on. */
  async save(user: User, channelId: string, body: AssignmentRuleBody): Promise<SaveOutcome> {
    const channels = await this.deps.channels();
    if (channels === null)
      return { ok: false, status: 503, message: 'The workspace is still loading: try again in a moment' };
    const channel = channels.find((c) => c.id === channelId);
    if (!channel) return { ok: false, status: 404, message: 'No such channel' };
    const errors = [
      ...body.members.flatMap((name, i) =>
        this.byName.has(name) ? [] : [`members.${String(i)} ${name} is not on the team (they may have left)`],
      ),
      ...(body.noReplyTo !== null && !this.byName.has(body.noReplyTo)
        ? [`noReplyTo ${body.noReplyTo} is not on the team (they may have left)`]
        : []),
      ...(body.noReplyTo !== null && body.noReplyMinutes === null
        ? ['noReplyTo needs a no-reply time to act on']
        : []),
    ];
    if (errors.length > 0) return { ok: false, status: 400, message: errors };
    const now = this.deps.clock();
    const row = await this.deps.repository.saveRule(channelId, body, user.username, new Date(now));
    if (row.enabled) await this.takeOn(channelId, new Date(now));
    await this.deps.runner.tellChanged(channelId);
    if (row.enabled) await this.deps.runner.queueDrain(channelId, `saved/${String(now)}`);
    const waiting = (await this.deps.repository.allWaiting()).filter((w) => w.channel_id === channelId);
    const names = await this.namesOf(waiting);
    return {
      ok: true,
      value: {
        channelId,
        channelName: channel.name,
        rule: ruleOut(row),
        waiting: waiting.map((w) => waitingOut(w, names)),
      },
    };
  }

  /** Every change the sync commits, on every instance (the change feed's `assignment` consumer). */
  onChange(event: BusEvent['event'], log: (error: unknown) => void): void {
    if (event.type === 'conversation.upserted') void this.onThread(event.conversation).catch(log);
    else if (event.type === 'availability.changed' && event.status === 'available')
      void this.onAvailable(event.username).catch(log);
  }

  private async onThread(thread: Conversation): Promise<void> {
    const { repository } = this.deps;
    const channelId = thread.channel_id;
    if (!channelId || !(await repository.enabled(channelId))) return;
    if (waitsFor(thread)) {
      // An instance late with an older version must not put back a thread given out since.
      const now = await repository.thread(repository.db, thread.id);
      if (!now || !waitsFor(now)) return;
      // It waits from the moment the BFF learned of it (every instance writes the same row; the
      // first time stays), so a drain already running takes it in its turn, without its own job.
      await repository.wait(repository.db, thread.id, channelId, new Date(this.deps.clock()));
      await this.deps.runner.queueAssign({ ...thread, channel_id: channelId });
      await this.deps.runner.drainSoon(channelId);
      return;
    }
    // Closed, or someone's now: it waits no more (whichever instance removes it tells the
    // browsers), and a place may have freed up for the threads waiting.
    if (await repository.stopWaiting(repository.db, thread.id)) await this.deps.runner.tellChanged(channelId);
    // The answer to a rule's own assignment frees no place.
    if (thread.status === 'open' && thread.assigned_to_user_id) {
      const given = await repository.given(thread.id);
      if (given?.owner === thread.assigned_to_user_id) return;
    }
    if (await repository.hasWaiting(channelId))
      await this.deps.runner.queueDrain(channelId, `thread/${thread.id}/${thread.updated_at}`);
  }

  private async onAvailable(username: string): Promise<void> {
    const bucket = Math.floor(this.deps.clock() / AVAILABLE_DRAIN_BUCKET_MS);
    for (const channelId of await this.deps.repository.waitingChannels())
      await this.deps.runner.queueDrain(channelId, `available/${username}/${String(bucket)}`);
  }

  /** A rule turned on takes the channel's threads already open and unowned into its queue, oldest first. */
  private async takeOn(channelId: string, at: Date): Promise<void> {
    const { repository } = this.deps;
    const rows = await repository.db
      .selectFrom('ws_conversations')
      .select(['id', 'last_message_at'])
      .where('channel_id', '=', channelId)
      .where('status', '=', 'open')
      .where('assignee', 'is', null)
      .where('removed_at', 'is', null)
      .orderBy('last_message_at')
      .limit(TAKEN_ON_SAVE)
      .execute();
    for (const row of rows)
      await repository.wait(repository.db, row.id, channelId, row.last_message_at ?? at);
  }

  private async namesOf(waiting: readonly WaitingRow[]): Promise<Map<string, string>> {
    const threads = await this.deps.repository.threads(waiting.map((w) => w.conversation_id));
    return this.deps.threadNames(threads);
  }
}

const ruleOut = (row: RuleRow): AssignmentRule => ({
  channelId: row.channel_id,
  enabled: row.enabled,
  mode: row.mode,
  members: row.members,
  cap: row.cap,
  noReplyMinutes: row.no_reply_minutes,
  noReplyTo: row.no_reply_to,
  updatedAt: new Date(row.updated_at).toISOString(),
  updatedBy: row.updated_by,
});

const waitingOut = (row: WaitingRow, names: ReadonlyMap<string, string>): WaitingThread => ({
  conversationId: row.conversation_id,
  name: names.get(row.conversation_id) ?? 'Thread',
  enteredAt: new Date(row.entered_at).toISOString(),
  reason: row.reason,
});
