import type { Kysely, Selectable } from 'kysely';
import type { ScheduledMessage, ScheduledState, ScheduledTemplate } from '../../contract';
import type { Database, ScheduledMessagesTable } from '../store/schema';

// The scheduled_messages table (migration 0024), written and read only here. Every change of state
// is one UPDATE that names the state it expects, so two instances (or a person and the job) never
// both win: the one whose UPDATE touched the row goes on, the other is told what it is now.

type Row = Selectable<ScheduledMessagesTable>;

export interface NewScheduled {
  readonly id: string;
  readonly conversationId: string;
  readonly kind: 'text' | 'template';
  readonly text: string | null;
  readonly replyTo: string | null;
  readonly template: ScheduledTemplate | null;
  readonly sendAt: Date;
  readonly by: { readonly username: string; readonly name: string; readonly userId: string };
  readonly jobId: string;
  readonly now: Date;
}

/** A row as the service works with it: the record browsers see, and what only the BFF needs. */
export interface Scheduled {
  readonly record: ScheduledMessage;
  readonly userId: string;
  readonly jobId: string | null;
  /** Runs of its job so far, this one included once claimed. */
  readonly attempts: number;
}

/** The states a thread's list shows: what is still to go and what failed (sent ones are messages). */
const SHOWN: readonly ScheduledState[] = ['scheduled', 'sending', 'failed'];
/** A thread or a person has this many at most on screen. */
const LIST_MAX = 200;

const iso = (d: Date) => new Date(d).toISOString();

export const scheduledOf = (r: Row): Scheduled => ({
  record: {
    id: r.id,
    conversationId: r.conversation_id,
    kind: r.kind,
    text: r.text,
    replyTo: r.reply_to,
    template: r.template,
    sendAt: iso(r.send_at),
    state: r.state,
    failure: r.failure,
    sentMessageId: r.sent_message_id,
    scheduledBy: { username: r.username, name: r.user_name },
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  },
  userId: r.user_id,
  jobId: r.job_id,
  attempts: r.attempts,
});

export class ScheduledRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insert(row: NewScheduled): Promise<Scheduled> {
    const inserted = await this.db
      .insertInto('scheduled_messages')
      .values({
        id: row.id,
        conversation_id: row.conversationId,
        kind: row.kind,
        text: row.text,
        reply_to: row.replyTo,
        template: row.template ? JSON.stringify(row.template) : null,
        send_at: row.sendAt,
        state: 'scheduled',
        failure: null,
        sent_message_id: null,
        username: row.by.username,
        user_name: row.by.name,
        user_id: row.by.userId,
        job_id: row.jobId,
        created_at: row.now,
        updated_at: row.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return scheduledOf(inserted);
  }

  async get(id: string): Promise<Scheduled | undefined> {
    const row = await this.db
      .selectFrom('scheduled_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? scheduledOf(row) : undefined;
  }

  /** A thread's scheduled, sending and failed messages, soonest first. */
  ofConversation(conversationId: string): Promise<ScheduledMessage[]> {
    return this.shown('conversation_id', conversationId);
  }

  /** One teammate's scheduled, sending and failed messages in every thread, soonest first. */
  ofUser(username: string): Promise<ScheduledMessage[]> {
    return this.shown('username', username);
  }

  /** The shown messages (SHOWN) whose `column` is `value`, soonest first, LIST_MAX at most. */
  private async shown(column: 'conversation_id' | 'username', value: string): Promise<ScheduledMessage[]> {
    const rows = await this.db
      .selectFrom('scheduled_messages')
      .selectAll()
      .where(column, '=', value)
      .where('state', 'in', SHOWN)
      .orderBy('send_at')
      .orderBy('id')
      .limit(LIST_MAX)
      .execute();
    return rows.map((r) => scheduledOf(r).record);
  }

  /**
   * Takes the row for this run of its job: `scheduled` (its first run) or `sending` (a run of the same
   * job again, after a failure or an instance that died), and still this job's (an edit gave it
   * another). Answers the row as claimed, or null: the job has nothing to send.
   */
  async claim(id: string, jobId: string, now: Date): Promise<Scheduled | null> {
    const row = await this.db
      .updateTable('scheduled_messages')
      .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('job_id', '=', jobId)
      .where('state', 'in', ['scheduled', 'sending'])
      .returningAll()
      .executeTakeFirst();
    return row ? scheduledOf(row) : null;
  }

  /**
   * Changes the row when it is in one of `from` (and, with `jobId`, still this job's): answers the
   * row after, or null when it was not (then `get` says what it is).
   */
  async move(
    id: string,
    from: readonly ScheduledState[],
    set: Partial<{
      state: ScheduledState;
      text: string | null;
      template: ScheduledTemplate | null;
      sendAt: Date;
      failure: string | null;
      sentMessageId: string | null;
      jobId: string | null;
      attempts: number;
    }>,
    now: Date,
    jobId?: string,
  ): Promise<Scheduled | null> {
    let query = this.db
      .updateTable('scheduled_messages')
      .set({
        ...(set.state !== undefined ? { state: set.state } : {}),
        ...(set.text !== undefined ? { text: set.text } : {}),
        ...(set.template !== undefined
          ? { template: set.template === null ? null : JSON.stringify(set.template) }
          : {}),
        ...(set.sendAt !== undefined ? { send_at: set.sendAt } : {}),
        ...(set.failure !== undefined ? { failure: set.failure } : {}),
        ...(set.sentMessageId !== undefined ? { sent_message_id: set.sentMessageId } : {}),
        ...(set.jobId !== undefined ? { job_id: set.jobId } : {}),
        ...(set.attempts !== undefined ? { attempts: set.attempts } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .where('state', 'in', from);
    if (jobId !== undefined) query = query.where('job_id', '=', jobId);
    const row = await query.returningAll().executeTakeFirst();
    return row ? scheduledOf(row) : null;
  }
}
