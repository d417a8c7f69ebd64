import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  reminderTimeProblem,
  type Reminder,
  type ReminderCreate,
  type ReminderState,
  type ReminderTarget,
  type ReminderUpdate,
} from '../../contract';
import type { EventBus } from '../events/bus';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { reminderOf, type ReminderRepository, type ReminderRow } from './reminder-repository';

// Reminders (issue 38): kept in the BFF's database, fired by a job in the queue at their time on
// whichever instance is alive then. Firing turns the reminder `due` (one conditional update, so it
// fires once however many instances run the job) and tells its owner's browsers only. Nothing at
// the due time calls the upstream: whether the record still exists is read from the workspace
// tables, so an upstream that is down then delays nothing. A run that dies half-way is re-run by
// the queue and finishes telling; a reminder whose job gave up is re-armed when an instance starts.

export interface ReminderServiceDeps {
  readonly repository: ReminderRepository;
  readonly workspace: WorkspaceReader;
  readonly jobs: JobQueue;
  readonly bus: EventBus;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export interface DueJob {
  readonly reminderId: string;
  /** The time it was scheduled for, for the jobs page and the logs (the row's job id decides). */
  readonly dueAt: string;
}

export type ReminderOutcome =
  | { readonly ok: true; readonly reminder: Reminder }
  | { readonly ok: false; readonly status: 400 | 404 | 409; readonly message: string };

const NOT_YOURS = { ok: false, status: 404, message: 'No such reminder of yours' } as const;
const NOT_HERE = { ok: false, status: 404, message: 'Not in this workspace' } as const;
const closed = (row: ReminderRow) =>
  ({
    ok: false,
    status: 409,
    message: `This reminder is ${row.state === 'done' ? 'done' : 'cancelled'} already`,
  }) as const;

/** A run telling the person longer than this ago is taken as gone (the queue re-runs after 120 s). */
const NOTICE_LEASE_MS = 60_000;
/** Attempts after a failure (the database away at the due time): with back-off, about an hour. */
const RETRY_LIMIT = 11;
/** Late reminders re-armed per start-up sweep. */
const SWEEP_MAX = 500;

export class ReminderService {
  constructor(private readonly deps: ReminderServiceDeps) {}

  /** Works due jobs on this instance (every instance does; each job runs once), then re-arms late ones. */
  async start(): Promise<void> {
    await this.deps.jobs.work<DueJob>(QUEUES.reminderDue, (job) => this.runJob(job.id, job.data));
    await this.rearmLate().catch((error: unknown) =>
      this.deps.log.warn(
        { err: error },
        'reminders: the sweep of late reminders failed; next start tries again',
      ),
    );
  }

  async list(username: string, state: ReminderState | undefined): Promise<Reminder[]> {
    const rows = await this.deps.repository.list(username, state ? [state] : ['pending', 'due']);
    return rows.map(reminderOf);
  }

  async create(username: string, body: ReminderCreate): Promise<ReminderOutcome> {
    const now = this.deps.clock();
    const dueAt = new Date(body.dueAt);
    const problem = reminderTimeProblem(dueAt, now);
    if (problem) return { ok: false, status: 400, message: problem };
    const label = await this.labelOf(body.target);
    if (label === null) return NOT_HERE;
    const id = randomUUID();
    const jobId = await this.schedule(id, dueAt);
    try {
      const row = await this.deps.repository.insert({
        id,
        username: username,
        target: body.target,
        label,
        note: noteOf(body.note),
        dueAt,
        createdAt: new Date(now),
        jobId,
      });
      return { ok: true, reminder: reminderOf(row) };
    } catch (error) {
      // The job first, then the row: a job without its row finds nothing to fire; taken back here.
      await this.deps.jobs.cancel(QUEUES.reminderDue, jobId).catch(() => undefined);
      throw error;
    }
  }

  /** A new time (re-arming a due reminder), a new note, or both. */
  async update(username: string, id: string, body: ReminderUpdate): Promise<ReminderOutcome> {
    const held = await this.deps.repository.mine(username, id);
    if (!held) return NOT_YOURS;
    if (held.state === 'done' || held.state === 'cancelled') return closed(held);
    if (body.dueAt === undefined) {
      const row = await this.deps.repository.setNote(username, id, noteOf(body.note));
      return row ? { ok: true, reminder: reminderOf(row) } : this.refusalFor(username, id);
    }
    const dueAt = new Date(body.dueAt);
    const problem = reminderTimeProblem(dueAt, this.deps.clock());
    if (problem) return { ok: false, status: 400, message: problem };
    // Edit = a new job, then the old one cancelled: the reminder is never without a job to fire it,
    // and the old job, no longer named on the row, claims nothing if it runs anyway.
    const jobId = await this.schedule(id, dueAt);
    const moved = await this.deps.repository
      .reschedule(username, id, {
        dueAt,
        jobId,
        ...(body.note !== undefined ? { note: noteOf(body.note) } : {}),
      })
      .catch(async (error: unknown) => {
        await this.deps.jobs.cancel(QUEUES.reminderDue, jobId).catch(() => undefined);
        throw error;
      });
    if (!moved) {
      await this.deps.jobs.cancel(QUEUES.reminderDue, jobId).catch(() => undefined);
      return this.refusalFor(username, id);
    }
    await this.cancelJob(moved.before.job_id);
    return { ok: true, reminder: reminderOf(moved.after) };
  }

  /** Done or cancelled; asking again for the state it is in answers it as it is. */
  async close(username: string, id: string, state: 'done' | 'cancelled'): Promise<ReminderOutcome> {
    const row = await this.deps.repository.close(username, id, state);
    if (row) {
      await this.cancelJob(row.job_id);
      return { ok: true, reminder: reminderOf(row) };
    }
    const held = await this.deps.repository.mine(username, id);
    if (!held) return NOT_YOURS;
    return held.state === state ? { ok: true, reminder: reminderOf(held) } : closed(held);
  }

  /**
   * The job at the reminder's time: claims it (pending -> due) or, on a re-run, takes over telling
   * the person if no run has; then tells their browsers. Throws when telling failed, so the queue
   * retries.
   */
  async runJob(jobId: string, job: DueJob): Promise<void> {
    const row = await this.deps.repository.byId(job.reminderId);
    // Cancelled, done, moved (another job now) or never written: this job has nothing to do.
    if (!row || row.job_id !== jobId) return;
    const now = new Date(this.deps.clock());
    let told: ReminderRow | undefined;
    if (row.state === 'pending') {
      const gone = (await this.labelOf({ kind: row.target_kind, id: row.target_id })) === null;
      told = await this.deps.repository.claim(row.id, jobId, now, gone);
    }
    told ??= await this.deps.repository.takeOverNotice(
      row.id,
      jobId,
      now,
      new Date(now.getTime() - NOTICE_LEASE_MS),
    );
    if (!told) return;
    try {
      await this.deps.bus.publish([
        { event: { type: 'reminder.due', reminder: reminderOf(told) }, audience: [told.username] },
      ]);
    } catch (error) {
      // Let the queue's retry take over at once rather than after the lease.
      await this.deps.repository.noticeEnded(row.id, jobId, false, now).catch(() => undefined);
      throw error;
    }
    await this.deps.repository.noticeEnded(row.id, jobId, true, new Date(this.deps.clock()));
    this.deps.log.info({ reminderId: row.id, recordGone: told.record_gone }, 'reminder came due');
  }

  /**
   * Reminders past their time that no run has told of and whose job is no longer coming (it used up
   * its retries while the database was away, or was cancelled on the jobs page): a new job now.
   */
  async rearmLate(): Promise<number> {
    const late = await this.deps.repository.late(new Date(this.deps.clock()), SWEEP_MAX);
    let rearmed = 0;
    for (const row of late) {
      const job = row.job_id ? await this.deps.jobs.get(QUEUES.reminderDue, row.job_id) : null;
      if (job && ['created', 'retry', 'active'].includes(job.state)) continue;
      const jobId = await this.schedule(row.id, new Date(row.due_at), new Date());
      if (await this.deps.repository.rearm(row.id, row.job_id, jobId)) rearmed++;
      else await this.deps.jobs.cancel(QUEUES.reminderDue, jobId).catch(() => undefined);
    }
    if (rearmed > 0) this.deps.log.warn({ rearmed }, 'reminders past their time were given a new job');
    return rearmed;
  }

  /** Why an update found nothing to change: not the owner's, or closed meanwhile. */
  private async refusalFor(username: string, id: string): Promise<ReminderOutcome> {
    const held = await this.deps.repository.mine(username, id);
    return held ? closed(held) : NOT_YOURS;
  }

  /** What the record is called, or null when the workspace does not hold it. */
  private async labelOf(target: ReminderTarget): Promise<string | null> {
    if (target.kind === 'lead') {
      const lead = await this.deps.workspace.lead(target.id);
      return lead ? lead.name : null;
    }
    const conversation = await this.deps.workspace.conversation(target.id);
    if (!conversation) return null;
    return (await this.deps.workspace.threadNames([conversation])).get(conversation.id) ?? 'Conversation';
  }

  private async schedule(reminderId: string, dueAt: Date, startAfter = dueAt): Promise<string> {
    const jobId = randomUUID();
    await this.deps.jobs.schedule(
      QUEUES.reminderDue,
      { reminderId, dueAt: dueAt.toISOString() } satisfies DueJob,
      { id: jobId, startAfter, retryLimit: RETRY_LIMIT },
    );
    return jobId;
  }

  private async cancelJob(jobId: string | null): Promise<void> {
    if (jobId) await this.deps.jobs.cancel(QUEUES.reminderDue, jobId).catch(() => undefined);
  }
}

/** An empty note is no note. */
const noteOf = (note: string | null | undefined): string | null => (note ? note : null);
