import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SNOOZE_MAX_MS, SNOOZE_MIN_MS, type Conversation } from '../../contract';
import type { User } from '../auth/users';
import type { EventBus } from '../events/bus';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import type { ReadMarks } from '../unread/read-marks';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { SnoozeRepository } from './snooze-repository';
import { asShown, snoozeHolds } from './snooze-rules';

// Snoozing a thread (issue 38): the snooze is kept in the BFF's database and a job in the queue
// wakes the thread at its time, on whichever instance is alive then. Waking marks the thread
// unread for its owner. Anything newer arriving in the thread wakes it at once (snooze-rules.ts);
// its job then only tidies up.

export interface SnoozeServiceDeps {
  readonly repository: SnoozeRepository;
  readonly workspace: WorkspaceReader;
  readonly jobs: JobQueue;
  readonly bus: EventBus;
  readonly marks: ReadMarks | null;
  readonly users: readonly User[];
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export interface WakeJob {
  readonly conversationId: string;
  /** The snooze's end as scheduled: a snooze replaced since is not this job's to end. */
  readonly until: string;
}

export type SnoozeOutcome =
  | { readonly ok: true; readonly conversation: Conversation }
  | { readonly ok: false; readonly status: 400 | 404 | 409; readonly message: string };

/** Refusals, by what the person should do about them. */
const NOT_HERE = { ok: false, status: 404, message: 'Not in this workspace' } as const;

export class SnoozeService {
  constructor(private readonly deps: SnoozeServiceDeps) {}

  /** Works wake jobs on this instance (every instance does; each job runs once). */
  async start(): Promise<void> {
    await this.deps.jobs.work<WakeJob>(QUEUES.snoozeWake, (job) => this.wakeAtTime(job.data));
  }

  async snooze(user: User, conversationId: string, until: Date): Promise<SnoozeOutcome> {
    const now = this.deps.clock();
    const ahead = until.getTime() - now;
    if (!Number.isFinite(ahead) || ahead < SNOOZE_MIN_MS)
      return { ok: false, status: 400, message: 'until must be at least a minute from now' };
    if (ahead > SNOOZE_MAX_MS) return { ok: false, status: 400, message: 'until must be within a year' };
    const conversation = await this.deps.workspace.conversation(conversationId);
    if (!conversation) return NOT_HERE;
    if (conversation.status === 'closed' || conversation.status === 'snoozed')
      return {
        ok: false,
        status: 409,
        message:
          conversation.status === 'closed'
            ? 'A closed thread cannot be snoozed; reopen it first'
            : 'This thread is snoozed by its platform already',
      };
    const jobId = randomUUID();
    // The job first: a snooze is never kept without the job that ends it.
    await this.deps.jobs.schedule(
      QUEUES.snoozeWake,
      { conversationId, until: until.toISOString() } satisfies WakeJob,
      { id: jobId, startAfter: until },
    );
    const row = { conversationId, until, snoozedAt: new Date(now), username: user.username };
    let replaced: string | null;
    try {
      replaced = await this.deps.repository.put(row, jobId);
    } catch (error) {
      await this.deps.jobs.cancel(QUEUES.snoozeWake, jobId).catch(() => undefined);
      throw error;
    }
    // A job left for a replaced snooze would end nothing (it carries its own `until`); cancelled
    // to keep the queue tidy.
    if (replaced) await this.deps.jobs.cancel(QUEUES.snoozeWake, replaced).catch(() => undefined);
    const shown = asShown(conversation, row, now);
    await this.announce(shown);
    return { ok: true, conversation: shown };
  }

  /** Wakes the thread now (a person's "Wake now"); a thread not snoozed is answered as it is. */
  async wake(conversationId: string): Promise<SnoozeOutcome> {
    const conversation = await this.deps.workspace.conversation(conversationId);
    if (!conversation) return NOT_HERE;
    const removed = await this.deps.repository.remove(conversationId);
    if (removed?.jobId) await this.deps.jobs.cancel(QUEUES.snoozeWake, removed.jobId).catch(() => undefined);
    if (removed) await this.announce(conversation);
    return { ok: true, conversation };
  }

  /** The wake job: ends the snooze it was scheduled for and tells the owner. */
  private async wakeAtTime(job: WakeJob): Promise<void> {
    const until = new Date(job.until);
    if (!Number.isFinite(until.getTime())) {
      // A job that cannot be read is not retried: there is nothing it could do next time either.
      this.deps.log.warn({ job }, 'snooze wake job without a readable time; dropped');
      return;
    }
    const removed = await this.deps.repository.remove(job.conversationId, until);
    if (!removed) return;
    const conversation = await this.deps.workspace.conversation(job.conversationId);
    if (!conversation) return;
    // Woken earlier by something new in the thread, or closed meanwhile: nothing to tell.
    const stillAsleep = snoozeHolds(conversation, removed, until.getTime() - 1);
    if (stillAsleep) {
      const owner = this.deps.users.find((u) => u.upstreamUserId === conversation.assigned_to_user_id);
      if (owner && this.deps.marks) await this.deps.marks.markUnread(owner.username, conversation.id);
    }
    await this.announce(conversation);
    this.deps.log.info({ conversationId: job.conversationId }, 'snoozed thread woke');
  }

  private async announce(conversation: Conversation): Promise<void> {
    await this.deps.bus.publish([{ event: { type: 'conversation.upserted', conversation } }]);
  }
}
