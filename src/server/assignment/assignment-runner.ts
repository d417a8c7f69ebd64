import type { FastifyBaseLogger } from 'fastify';
import { ASSIGNMENT_MODE_LABELS } from '../../contract/assignment';
import { effectiveAvailability } from '../../contract/availability';
import type { Conversation } from '../../contract/conversations';
import type { LiveEvent } from '../../contract/events';
import type { AuditSummary } from '../../contract/audit-summary';
import type { User } from '../auth/users';
import { storedOf, type AvailabilityRepository } from '../availability/availability-repository';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import { nameBasedUuid } from '../jobs/slice-chain';
import { UpstreamError } from '../upstream/upstream-error';
import { pickAgent, type Candidate } from './assignment-pick';
import type { AssignmentRepository, GivenRow, RuleRow } from './assignment-repository';

// What the rules do, from the job queue (every instance works it; each job runs once): a thread
// that became open and unowned on a channel with a rule waits, and its channel is drained: its
// waiting threads, oldest first, each given to whom the pick chooses, until none is left or nobody
// can take one (then each says why). A decision is made with the channel's rule row locked and
// written as pending (counted in the owner's load) before the upstream is asked, so two instances
// never decide the same thread nor overfill anyone; the upstream's answer is published (workspace
// tables, browsers), audited with the rule, and the no-reply check scheduled. The upstream refusing
// leaves the thread waiting with its reason. An answer that is lost is read back before writing
// again (the upstream keeps no idempotency key; the owner is the state to look up).

export interface AssignmentUpstream {
  assign(conversationId: string, userId: string | null): Promise<Conversation>;
  /** The upstream's copy; undefined: gone. */
  read(conversationId: string): Promise<Conversation | undefined>;
}

export interface AssignmentRunnerDeps {
  readonly repository: AssignmentRepository;
  readonly availability: AvailabilityRepository;
  readonly jobs: JobQueue;
  readonly upstream: AssignmentUpstream;
  /** Writes what the upstream answered to the workspace tables and tells every browser. */
  readonly publish: (events: LiveEvent[]) => Promise<void>;
  /** Records an automatic change in the audit log. */
  readonly audit: (record: { readonly conversationId: string; readonly summary: AuditSummary }) => void;
  readonly users: readonly User[];
  /** A channel's name, for the audit's words ("the WhatsApp rule"). */
  readonly channelName: (channelId: string) => Promise<string>;
  readonly threadName: (thread: Conversation) => Promise<string>;
  readonly awayAfterMinutes: number;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export interface AssignJob {
  readonly conversationId: string;
  readonly channelId: string;
}
export interface DrainJob {
  readonly channelId: string;
}
export interface NoReplyJob {
  readonly conversationId: string;
  readonly owner: string;
  /** ISO: the assignment it checks; a later one makes it moot. */
  readonly assignedAt: string;
}

type Decision = { readonly conversationId: string; readonly owner: string; readonly rule: RuleRow } | null;

/** A pending decision older than this lost its instance mid-way: another drain resumes it. */
const STALE_PENDING_MS = 60_000;
/** Upstream answers a drain awaits at once. */
const DELIVERIES_AT_ONCE = 8;
/** Tries at a lost answer (read back, write again) within one job before leaving it to a later one. */
const DELIVERY_TRIES = 3;

const refusal = (error: unknown): string | null =>
  error instanceof UpstreamError &&
  error.kind === 'http' &&
  error.status !== null &&
  error.status < 500 &&
  error.status !== 429
    ? `The messaging service refused the assignment: ${error.message}`
    : null;

export class AssignmentRunner {
  private readonly byId: ReadonlyMap<string, User>;
  private readonly byName: ReadonlyMap<string, User>;
  /** This instance's drain of each channel in progress (drainSoon). */
  private readonly draining = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  constructor(private readonly deps: AssignmentRunnerDeps) {
    this.byId = new Map(deps.users.map((u) => [u.upstreamUserId, u]));
    this.byName = new Map(deps.users.map((u) => [u.username, u]));
  }

  async start(): Promise<void> {
    const { jobs } = this.deps;
    await jobs.work<AssignJob>(QUEUES.assignmentAssign, (job) => this.runAssign(job.data));
    await jobs.work<DrainJob>(QUEUES.assignmentDrain, (job) => this.drainSoon(job.data.channelId));
    await jobs.work<NoReplyJob>(QUEUES.assignmentNoReply, (job) => this.runNoReply(job.data));
  }

  /** A thread became open and unowned: it waits (keeping its place if it did), then the channel is drained. */
  async runAssign(job: AssignJob): Promise<void> {
    const { repository } = this.deps;
    const thread = await repository.thread(repository.db, job.conversationId);
    if (!thread || !waitsFor(thread) || thread.channel_id !== job.channelId) {
      await repository.stopWaiting(repository.db, job.conversationId);
      return;
    }
    await repository.wait(repository.db, job.conversationId, job.channelId, new Date(this.deps.clock()));
    await this.drainSoon(job.channelId);
  }

  /**
   * Drains the channel now, on this instance: at once when the change feed tells of a new thread,
   * not a queue's poll later (the job queued with it is the guarantee should this instance stop).
   * One drain per channel at a time here; asked again meanwhile, it goes round once more. Other
   * instances may drain too: the rule row's lock and the pending decisions keep each thread to one.
   */
  async drainSoon(channelId: string): Promise<void> {
    if (this.draining.has(channelId)) {
      this.again.add(channelId);
      return this.draining.get(channelId);
    }
    const running = (async () => {
      do {
        this.again.delete(channelId);
        await this.drain(channelId);
      } while (this.again.has(channelId));
    })().finally(() => this.draining.delete(channelId));
    this.draining.set(channelId, running);
    return running;
  }

  /**
   * Gives the channel's waiting threads out, oldest first, until none is left or nobody can take
   * one. Decisions are made one after another; the upstream's answers are awaited a few at a time
   * (a decision is pending, and counted in its owner's load, until its answer is in).
   */
  async drain(channelId: string): Promise<void> {
    await this.resumeStale(channelId);
    const refused: string[] = [];
    const inFlight = new Set<Promise<unknown>>();
    const failures: unknown[] = [];
    // Bounded: each turn takes a thread off the queue or ends; refusals are skipped for this drain.
    for (let turn = 0; turn < 10_000; turn++) {
      while (inFlight.size >= DELIVERIES_AT_ONCE) await Promise.race(inFlight);
      const decision = await this.decide(channelId, refused);
      if (!decision) break;
      const delivery = this.deliver(decision, false, refused)
        .catch((error: unknown) => failures.push(error))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
    await Promise.all(inFlight);
    if (failures.length > 0) throw failures[0];
  }

  /** With the channel's rule row locked: the oldest thread that can be given, and to whom. */
  private async decide(channelId: string, skip: string[]): Promise<Decision> {
    const { repository } = this.deps;
    const rule = await repository.rule(channelId);
    if (!rule?.enabled) return null;
    const members = rule.members.flatMap((name) => this.byName.get(name) ?? []);
    // Read before the lock (the embedded database lends its one session to the transaction).
    const presence = await this.availableIds(members);
    return repository.decide(channelId, async (tx, locked) => {
      if (!locked?.enabled) return null;
      for (;;) {
        const waiting = await repository.oldestWaiting(tx, channelId, skip);
        if (!waiting) return null;
        const thread = await repository.thread(tx, waiting.conversation_id);
        if (!thread || !waitsFor(thread) || thread.channel_id !== channelId) {
          // Someone took it, closed it or moved it meanwhile: it waits no more.
          await repository.stopWaiting(tx, waiting.conversation_id);
          continue;
        }
        const loads = await repository.loads(
          tx,
          members.map((m) => m.upstreamUserId),
        );
        const candidates: Candidate[] = members.map((m) => ({
          id: m.upstreamUserId,
          available: presence.has(m.upstreamUserId),
          open: loads.get(m.upstreamUserId) ?? 0,
        }));
        const pick = pickAgent(locked.mode, candidates, locked.cursor, locked.cap, waiting.not_to);
        if (!pick.ok) {
          await repository.explain(tx, channelId, pick.reason, skip);
          return null;
        }
        await repository.setCursor(tx, channelId, pick.cursor);
        await repository.give(tx, {
          conversation_id: waiting.conversation_id,
          channel_id: channelId,
          owner: pick.chosen.id,
          assigned_at: new Date(this.deps.clock()),
        });
        return { conversationId: waiting.conversation_id, owner: pick.chosen.id, rule: locked };
      }
    });
  }

  /** Upstream ids of those among `members` who count as Available now. */
  private async availableIds(members: readonly User[]): Promise<Set<string>> {
    const rows = await this.deps.availability.all();
    const now = this.deps.clock();
    const awayAfterMs = this.deps.awayAfterMinutes * 60_000;
    return new Set(
      members
        .filter(
          (m) =>
            effectiveAvailability(storedOf(rows.get(m.username)), now, awayAfterMs).status === 'available',
        )
        .map((m) => m.upstreamUserId),
    );
  }

  /**
   * Asks the upstream to give the thread to the decided owner. True when it is theirs (now or
   * already); false when the upstream refused (the thread waits with the reason). A lost answer is
   * read back and tried again a few times; after that the job fails and is tried again later.
   */
  private async deliver(
    decision: NonNullable<Decision>,
    resumed: boolean,
    /** The drain's refusals: a refused thread is added before its decision is undone, so it is not picked again. */
    refused: string[] = [],
  ): Promise<boolean> {
    const { repository, upstream } = this.deps;
    const { conversationId, owner } = decision;
    let attempted = resumed;
    for (let attempt = 1; ; attempt++) {
      try {
        let answer: Conversation | undefined;
        if (attempted) {
          answer = await upstream.read(conversationId);
          if (!answer) {
            await repository.undone(conversationId, 'The thread is no longer in the workspace');
            await repository.stopWaiting(repository.db, conversationId);
            return false;
          }
          if (answer.assigned_to_user_id === owner) return this.done(decision, answer);
          if (!waitsFor(answer)) {
            // Taken or closed meanwhile by someone: nothing to give.
            await repository.undone(conversationId, 'Taken meanwhile');
            await repository.stopWaiting(repository.db, conversationId);
            await this.deps.publish([{ type: 'conversation.upserted', conversation: answer }]);
            return false;
          }
        }
        attempted = true;
        answer = await upstream.assign(conversationId, owner);
        return await this.done(decision, answer);
      } catch (error) {
        const reason = refusal(error);
        if (reason !== null) {
          refused.push(conversationId);
          await repository.undone(conversationId, reason);
          await this.tellChanged(decision.rule.channel_id);
          return false;
        }
        if (attempt >= DELIVERY_TRIES) {
          // Left pending: a drain after STALE_PENDING_MS resumes it (one is queued for then).
          await this.queueDrain(
            decision.rule.channel_id,
            `stale/${conversationId}`,
            this.deps.clock() + STALE_PENDING_MS,
          );
          throw error;
        }
        this.deps.log.info(
          { err: error, conversationId },
          'assignment: the upstream did not answer; reading back',
        );
      }
    }
  }

  private async done(decision: NonNullable<Decision>, answer: Conversation): Promise<boolean> {
    const { rule, owner, conversationId } = decision;
    await this.deps.publish([{ type: 'conversation.upserted', conversation: answer }]);
    await this.deps.repository.delivered(conversationId);
    const given = await this.deps.repository.given(conversationId);
    if (rule.no_reply_minutes !== null && given) await this.scheduleNoReply(given, rule.no_reply_minutes);
    this.deps.audit({
      conversationId,
      summary: {
        verb: 'assigned',
        subject: { kind: 'conversation', id: conversationId, name: await this.deps.threadName(answer) },
        to: this.nameOf(owner),
        detail: await this.ruleWords(rule),
      },
    });
    await this.tellChanged(rule.channel_id);
    return true;
  }

  /** Decisions left pending by an instance that stopped: read back, then finished or written again. */
  private async resumeStale(channelId: string): Promise<void> {
    const stale = await this.deps.repository.stalePending(
      channelId,
      new Date(this.deps.clock() - STALE_PENDING_MS),
    );
    if (stale.length === 0) return;
    const rule = await this.deps.repository.rule(channelId);
    if (!rule) return;
    for (const given of stale)
      await this.deliver({ conversationId: given.conversation_id, owner: given.owner, rule }, true);
  }

  private async scheduleNoReply(given: GivenRow, minutes: number): Promise<void> {
    const assignedAt = new Date(given.assigned_at).toISOString();
    await this.deps.jobs.schedule(
      QUEUES.assignmentNoReply,
      { conversationId: given.conversation_id, owner: given.owner, assignedAt } satisfies NoReplyJob,
      {
        id: nameBasedUuid(`assignment-no-reply/${given.conversation_id}/${assignedAt}`),
        startAfter: new Date(Date.parse(assignedAt) + minutes * 60_000),
      },
    );
  }

  /**
   * The no-reply time has passed since an automatic assignment. If it is still theirs, still open,
   * and nobody of the team wrote since, it moves on: to the rule's named teammate, or back to the
   * queue (never straight back to them).
   */
  async runNoReply(job: NoReplyJob): Promise<void> {
    const { repository } = this.deps;
    const given = await repository.given(job.conversationId);
    if (!given || given.pending || given.owner !== job.owner) return;
    if (new Date(given.assigned_at).toISOString() !== job.assignedAt) return;
    const thread = await repository.thread(repository.db, job.conversationId);
    if (!thread || thread.status !== 'open' || thread.assigned_to_user_id !== job.owner || !thread.channel_id)
      return;
    if (await repository.repliedSince(job.conversationId, new Date(job.assignedAt))) return;
    const rule = await repository.rule(thread.channel_id);
    if (!rule?.enabled || rule.no_reply_minutes === null) return;
    const to = rule.no_reply_to === null ? undefined : this.byName.get(rule.no_reply_to);
    const target = to && to.upstreamUserId !== job.owner ? to.upstreamUserId : null;
    if (target === null)
      await repository.wait(
        repository.db,
        thread.id,
        thread.channel_id,
        new Date(this.deps.clock()),
        job.owner,
      );
    let answer: Conversation;
    try {
      answer = await this.deps.upstream.assign(thread.id, target);
    } catch (error) {
      const reason = refusal(error);
      if (reason === null) throw error;
      this.deps.log.warn({ conversationId: thread.id, reason }, 'assignment: a no-reply move was refused');
      await repository.stopWaiting(repository.db, thread.id);
      return;
    }
    await this.deps.publish([{ type: 'conversation.upserted', conversation: answer }]);
    this.deps.audit({
      conversationId: thread.id,
      summary: {
        verb: target === null ? 'unassigned' : 'moved',
        subject: { kind: 'conversation', id: thread.id, name: await this.deps.threadName(answer) },
        from: this.nameOf(job.owner),
        ...(target !== null ? { to: this.nameOf(target) } : {}),
        detail: `${await this.ruleWords(rule)}: no reply within ${String(rule.no_reply_minutes)} minutes`,
      },
    });
    if (target === null) await this.drain(thread.channel_id);
  }

  /** Queues a drain of the channel, once per `moment` whichever instance asks. */
  async queueDrain(channelId: string, moment: string, at?: number): Promise<void> {
    await this.deps.jobs.schedule(QUEUES.assignmentDrain, { channelId } satisfies DrainJob, {
      id: nameBasedUuid(`assignment-drain/${channelId}/${moment}`),
      ...(at ? { startAfter: new Date(at) } : {}),
    });
  }

  /** Queues the assignment of a thread that became open and unowned, once per version of it. */
  async queueAssign(thread: Conversation & { channel_id: string }): Promise<void> {
    await this.deps.jobs.schedule(
      QUEUES.assignmentAssign,
      { conversationId: thread.id, channelId: thread.channel_id } satisfies AssignJob,
      { id: nameBasedUuid(`assignment-assign/${thread.id}/${thread.updated_at}`) },
    );
  }

  async tellChanged(channelId: string): Promise<void> {
    await this.deps.publish([{ type: 'assignment.changed', channelId }]);
  }

  private nameOf(upstreamUserId: string): string {
    return this.byId.get(upstreamUserId)?.displayName ?? upstreamUserId;
  }

  /** "WhatsApp rule (round robin)". */
  private async ruleWords(rule: RuleRow): Promise<string> {
    return `${await this.deps.channelName(rule.channel_id)} rule (${ASSIGNMENT_MODE_LABELS[rule.mode]})`;
  }
}

/** Whether a thread is one a rule hands out: open and owned by nobody. */
export const waitsFor = (thread: Conversation): boolean =>
  thread.status === 'open' && (thread.assigned_to_user_id ?? null) === null;
