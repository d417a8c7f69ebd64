import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  SCHEDULE_MAX_MS,
  SCHEDULE_MIN_MS,
  type Message,
  type ScheduleBody,
  type ScheduledMessage,
  type ScheduleUpdate,
} from '../../contract';
import { ROUTES_BY_ID } from '../../contract/routes';
import type { User } from '../auth/users';
import type { WriteActor } from '../auth/write-actor';
import type { EventBus } from '../events/bus';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import type { WriteListener } from '../proxy/proxy';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { JobSend, KeyedJobSend } from './keyed-job-send';
import { templateRefusal, textRefusal, windowOf } from './scheduled-checks';
import type { Scheduled, ScheduledRepository } from './scheduled-repository';

// Scheduled sends (issue 38). The message is kept in the BFF's database and a job in the queue
// sends it at its time, on whichever instance is alive then. Its row moves scheduled -> sending ->
// sent | failed (or cancelled by a person), each move one UPDATE that names the state it expects,
// so an edit, a cancel and the job never both win. The send goes upstream with an idempotency key
// of its job (keyed-job-send.ts): a run again after a lost answer looks the message up first.
// Every end is told to the thread's browsers (`scheduled.changed`), a failure with its reason.

export interface ScheduledServiceDeps {
  readonly repository: ScheduledRepository;
  readonly workspace: WorkspaceReader;
  readonly jobs: JobQueue;
  readonly bus: EventBus;
  readonly sender: KeyedJobSend;
  /** The proxy's write-through (live.onWrite's work, awaited): the sent message, named after the
   *  teammate who scheduled it, reaches the tables and every browser as a browser's own send would. */
  readonly publishSend: (write: Parameters<WriteListener>[0]) => Promise<void>;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  /** Runs of a send's job before a passing fault fails it (default 6: the first and five more). */
  readonly maxRuns?: number;
}

export interface SendJob {
  readonly scheduledId: string;
}

export type ScheduledOutcome =
  | { readonly ok: true; readonly scheduled: ScheduledMessage }
  | { readonly ok: false; readonly status: 400 | 404 | 409; readonly message: string | string[] };

const DEFAULT_MAX_RUNS = 6;
const NOT_HERE = { ok: false, status: 404, message: 'Not in this workspace' } as const;
const NO_SUCH = { ok: false, status: 404, message: 'No such scheduled message' } as const;
const refuse = (lines: string[]): ScheduledOutcome => ({ ok: false, status: 400, message: lines });

/** Why the time cannot be used, as the field's line; null when it can. */
function timeRefusal(sendAt: Date, now: number): string | null {
  const ahead = sendAt.getTime() - now;
  if (!Number.isFinite(ahead) || ahead < SCHEDULE_MIN_MS) return 'sendAt must be at least a minute from now';
  if (ahead > SCHEDULE_MAX_MS) return 'sendAt must be within 30 days';
  return null;
}

/** The row's state as a person reads it, for a 409. */
const stateWords: Readonly<Record<ScheduledMessage['state'], string>> = {
  scheduled: 'is still scheduled',
  sending: 'is being sent now',
  sent: 'was sent already',
  failed: 'failed',
  cancelled: 'was cancelled',
};

export class ScheduledService {
  private readonly maxRuns: number;

  constructor(private readonly deps: ScheduledServiceDeps) {
    this.maxRuns = deps.maxRuns ?? DEFAULT_MAX_RUNS;
  }

  /** Works send jobs on this instance (every instance does; each job runs on one). */
  async start(): Promise<void> {
    await this.deps.jobs.work<SendJob>(QUEUES.scheduledSend, (job) => this.sendAtTime(job.id, job.data), {
      batchSize: 5,
    });
  }

  listOf(conversationId: string): Promise<ScheduledMessage[]> {
    return this.deps.repository.ofConversation(conversationId);
  }

  mine(username: string): Promise<ScheduledMessage[]> {
    return this.deps.repository.ofUser(username);
  }

  async schedule(user: User, conversationId: string, body: ScheduleBody): Promise<ScheduledOutcome> {
    const now = this.deps.clock();
    const sendAt = new Date(body.sendAt);
    const badTime = timeRefusal(sendAt, now);
    if (badTime) return refuse([badTime]);
    const conversation = await this.deps.workspace.conversation(conversationId);
    if (!conversation) return NOT_HERE;
    if (conversation.status === 'closed')
      return {
        ok: false,
        status: 409,
        message: 'This thread is closed: reopen it before scheduling a message',
      };
    const content = await this.contentRefusal(conversationId, body, sendAt, now);
    if (content) return refuse([content]);
    const id = randomUUID();
    const jobId = await this.scheduleJob(id, sendAt);
    try {
      const row = await this.deps.repository.insert({
        id,
        conversationId,
        kind: body.template ? 'template' : 'text',
        text: body.template ? null : (body.text ?? null),
        replyTo: body.template ? null : (body.replyTo ?? null),
        template: body.template ?? null,
        sendAt,
        by: { username: user.username, name: user.displayName, userId: user.upstreamUserId },
        jobId,
        now: new Date(now),
      });
      await this.announce(row.record);
      return { ok: true, scheduled: row.record };
    } catch (error) {
      // Never a job without its message.
      await this.deps.jobs.cancel(QUEUES.scheduledSend, jobId).catch(() => undefined);
      throw error;
    }
  }

  /** A new time, text or template; only while scheduled, or to try a failed one again. */
  async update(id: string, body: ScheduleUpdate): Promise<ScheduledOutcome> {
    const now = this.deps.clock();
    const held = await this.deps.repository.get(id);
    if (!held) return NO_SUCH;
    const { record } = held;
    if (record.state !== 'scheduled' && record.state !== 'failed')
      return { ok: false, status: 409, message: `It cannot be changed: it ${stateWords[record.state]}` };
    if (body.text !== undefined && record.kind !== 'text')
      return refuse(['text cannot be given: this scheduled message is a template']);
    if (body.template !== undefined && record.kind !== 'template')
      return refuse(['template cannot be given: this scheduled message is a text']);
    const sendAt = body.sendAt !== undefined ? new Date(body.sendAt) : new Date(record.sendAt);
    // A failed one is tried again at a new time; an unchanged past time would fail at once.
    if (body.sendAt !== undefined || record.state === 'failed') {
      const badTime = timeRefusal(sendAt, now);
      if (badTime) return refuse([badTime]);
    }
    const next = {
      text: body.text ?? record.text ?? undefined,
      template: body.template ?? record.template ?? undefined,
      sendAt: sendAt.toISOString(),
    };
    const content = await this.contentRefusal(record.conversationId, next, sendAt, now);
    if (content) return refuse([content]);
    const moved = sendAt.getTime() !== Date.parse(record.sendAt) || record.state === 'failed';
    const jobId = moved ? await this.scheduleJob(id, sendAt) : null;
    const changed = await this.deps.repository.move(
      id,
      [record.state],
      {
        state: 'scheduled',
        ...(body.text !== undefined ? { text: body.text } : {}),
        ...(body.template !== undefined ? { template: body.template } : {}),
        ...(jobId ? { sendAt, jobId, failure: null, attempts: 0 } : {}),
      },
      new Date(now),
      held.jobId ?? undefined,
    );
    if (!changed) {
      if (jobId) await this.deps.jobs.cancel(QUEUES.scheduledSend, jobId).catch(() => undefined);
      const now2 = await this.deps.repository.get(id);
      return {
        ok: false,
        status: 409,
        message: `It cannot be changed: it ${now2 ? stateWords[now2.record.state] : 'is gone'}`,
      };
    }
    // The old job finds the row no longer its own; cancelled to keep the queue tidy.
    if (jobId && held.jobId)
      await this.deps.jobs.cancel(QUEUES.scheduledSend, held.jobId).catch(() => undefined);
    await this.announce(changed.record);
    return { ok: true, scheduled: changed.record };
  }

  /** Cancels one still to go, or deletes a failed one from the thread's list. */
  async cancel(id: string): Promise<ScheduledOutcome> {
    const held = await this.deps.repository.get(id);
    if (!held) return NO_SUCH;
    const cancelled = await this.deps.repository.move(
      id,
      ['scheduled', 'failed'],
      { state: 'cancelled', jobId: null },
      new Date(this.deps.clock()),
    );
    if (!cancelled) {
      const now = await this.deps.repository.get(id);
      return {
        ok: false,
        status: 409,
        message: `It cannot be cancelled: it ${now ? stateWords[now.record.state] : 'is gone'}`,
      };
    }
    if (held.jobId) await this.deps.jobs.cancel(QUEUES.scheduledSend, held.jobId).catch(() => undefined);
    await this.announce(cancelled.record);
    return { ok: true, scheduled: cancelled.record };
  }

  /** The field's line when the content cannot go at `sendAt`; null when it may. */
  private async contentRefusal(
    conversationId: string,
    body: Pick<ScheduleBody, 'text' | 'template'>,
    sendAt: Date,
    now: number,
  ): Promise<string | null> {
    const conversation = await this.deps.workspace.conversation(conversationId);
    if (!conversation) return null;
    if (body.template) {
      const why = await templateRefusal(this.deps.workspace, conversation, body.template);
      return why ? `template.templateName ${why}` : null;
    }
    const why = textRefusal(await windowOf(this.deps.workspace, conversation, now), sendAt.getTime());
    return why ? `sendAt ${why}` : null;
  }

  private async scheduleJob(scheduledId: string, sendAt: Date): Promise<string> {
    const jobId = randomUUID();
    await this.deps.jobs.schedule(QUEUES.scheduledSend, { scheduledId } satisfies SendJob, {
      id: jobId,
      startAfter: sendAt,
      // Beyond the service's own count (maxRuns), so the queue never gives up before the row is failed.
      retryLimit: this.maxRuns + 2,
    });
    return jobId;
  }

  /** The send job: checks what may have changed since, sends once, and records and tells the end. */
  private async sendAtTime(jobId: string, job: SendJob): Promise<void> {
    const { repository, log } = this.deps;
    const now = () => new Date(this.deps.clock());
    const row = await repository.claim(job.scheduledId, jobId, now());
    // Cancelled, edited (another job sends it), or done: nothing for this job.
    if (!row) return;
    // Only the first run checks: a later one may follow a send whose answer was lost, which must be
    // looked up, not refused (the upstream holds the window and the templates to its own rules).
    if (row.attempts === 1) {
      const why = await this.dueRefusal(row);
      if (why) return this.fail(row, why, jobId);
    }
    const send = sendOf(row);
    const outcome = await this.deps.sender.send(
      { username: row.record.scheduledBy.username, key: `scheduled:${jobId}` },
      send,
    );
    switch (outcome.kind) {
      case 'sent':
        return this.sent(row, outcome.message, send, jobId);
      case 'refused':
        return this.fail(
          row,
          `The messaging service refused it (${String(outcome.status)}): ${outcome.reason}`,
          jobId,
        );
      case 'again': {
        if (row.attempts >= this.maxRuns)
          return this.fail(
            row,
            `Not sent after ${String(row.attempts)} tries: ${outcome.reason}. Look at the thread before scheduling it again.`,
            jobId,
          );
        const waiting = await repository.move(
          row.record.id,
          ['sending'],
          { failure: `Not sent yet, trying again: ${outcome.reason}` },
          now(),
          jobId,
        );
        if (waiting) await this.announce(waiting.record);
        log.warn(
          { scheduledId: row.record.id, attempts: row.attempts },
          'scheduled send will be tried again',
        );
        // Thrown for the queue, which runs the job again after its back-off.
        throw new Error(outcome.reason);
      }
    }
  }

  /** Why a due message must not go (the thread closed, the window passed, the template lost its approval). */
  private async dueRefusal(row: Scheduled): Promise<string | null> {
    const { workspace } = this.deps;
    const conversation = await workspace.conversation(row.record.conversationId);
    if (!conversation) return 'The thread is no longer in this workspace';
    if (conversation.status === 'closed')
      return 'The thread was closed before its time: reopen it and schedule the message again';
    const { template } = row.record;
    if (template) {
      const why = await templateRefusal(workspace, conversation, template);
      return why ? `The template ${why}: pick another template` : null;
    }
    const at = this.deps.clock();
    const why = textRefusal(await windowOf(workspace, conversation, at), at);
    return why ? 'The 24-hour window closed before its time: send a template instead' : null;
  }

  private async sent(row: Scheduled, message: Message, send: JobSend, jobId: string): Promise<void> {
    const { record } = row;
    const done = await this.deps.repository.move(
      record.id,
      ['sending'],
      { state: 'sent', sentMessageId: message.id, failure: null },
      new Date(this.deps.clock()),
      jobId,
    );
    const actor: WriteActor = {
      username: record.scheduledBy.username,
      name: record.scheduledBy.name,
      userId: row.userId,
    };
    // As a browser's send through the proxy: the message, its author and the thread, to everyone.
    await this.deps
      .publishSend({
        route: ROUTES_BY_ID[send.routeId],
        actor,
        params: send.routeId === 'messages.sendText' ? { id: send.conversationId } : {},
        requestBody: send.body,
        answer: Buffer.from(JSON.stringify(message)),
      })
      .catch((error: unknown) =>
        this.deps.log.warn(
          { err: error, scheduledId: record.id },
          'sent message not published: the sync will catch up',
        ),
      );
    if (done) await this.announce(done.record);
    this.deps.log.info({ scheduledId: record.id }, 'scheduled message sent');
  }

  private async fail(row: Scheduled, reason: string, jobId: string): Promise<void> {
    const failed = await this.deps.repository.move(
      row.record.id,
      ['sending'],
      { state: 'failed', failure: reason },
      new Date(this.deps.clock()),
      jobId,
    );
    if (failed) await this.announce(failed.record);
    this.deps.log.info({ scheduledId: row.record.id }, 'scheduled message failed');
  }

  private async announce(scheduled: ScheduledMessage): Promise<void> {
    await this.deps.bus.publish([{ event: { type: 'scheduled.changed', scheduled } }]);
  }
}

/** The upstream send a scheduled message makes: a text (quoting) into its thread, or a template. */
function sendOf(row: Scheduled): JobSend {
  const { record } = row;
  if (record.template)
    return {
      routeId: 'conversations.send',
      conversationId: record.conversationId,
      body: { conversationId: record.conversationId, template: record.template },
    };
  return {
    routeId: 'messages.sendText',
    conversationId: record.conversationId,
    body: { text: record.text ?? '', ...(record.replyTo ? { quotedMessageId: record.replyTo } : {}) },
  };
}
